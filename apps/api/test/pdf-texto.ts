import { inflateSync } from 'node:zlib';

/**
 * The text of each page of a PDF written by pdfkit with its standard fonts, enough for tests:
 * objects are read by number, content streams inflated, and every text block (BT…ET) becomes
 * one piece. A form object drawn after a text (the page total of "page n of m") is appended to
 * that piece, as it reads on paper.
 */
export function paginasPdf(pdf: Buffer): string[][] {
  const bin = pdf.toString('latin1');
  const objetos = new Map<number, { dic: string; dados: string }>();
  for (const m of bin.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const corpo = m[2]!;
    const i = corpo.indexOf('stream');
    if (i < 0) {
      objetos.set(Number(m[1]), { dic: corpo, dados: '' });
      continue;
    }
    const dic = corpo.slice(0, i);
    let dados = corpo.slice(i + 6).replace(/^\r?\n/, '');
    dados = dados.slice(0, dados.lastIndexOf('endstream'));
    if (dic.includes('FlateDecode')) dados = inflateSync(Buffer.from(dados, 'latin1')).toString('latin1');
    objetos.set(Number(m[1]), { dic, dados });
  }
  const ref = (dic: string, chave: string) => Number(new RegExp(`/${chave} (\\d+) 0 R`).exec(dic)?.[1]);
  const raiz = [...objetos.values()].find((o) => /\/Type \/Pages\b/.test(o.dic))!;
  const filhos = [.../\/Kids \[([^\]]*)\]/.exec(raiz.dic)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  const win1252 = new TextDecoder('windows-1252');
  const decodificar = (hex: string) => win1252.decode(Buffer.from(hex, 'hex'));
  const textos = (conteudo: string, formas: Map<string, string[]>): string[] => {
    const pecas: string[] = [];
    let atual: string | null = null;
    for (const m of conteudo.matchAll(
      /\bBT\b|\bET\b|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|\(((?:\\.|[^)])*)\)\s*Tj|\/(\w+) Do/g,
    )) {
      if (m[0] === 'BT') atual = '';
      else if (m[0] === 'ET') {
        if (atual !== null) pecas.push(atual);
        atual = null;
      } else if (m[1] !== undefined)
        atual += [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodificar(h[1]!)).join('');
      else if (m[2] !== undefined) atual += m[2].replace(/\\(.)/g, '$1');
      else if (m[3] !== undefined && pecas.length) pecas[pecas.length - 1] += (formas.get(m[3]) ?? []).join('');
    }
    return pecas;
  };
  return filhos.map((n) => {
    const pagina = objetos.get(n)!.dic;
    const recursos = objetos.get(ref(pagina, 'Resources'))?.dic ?? '';
    const formas = new Map<string, string[]>();
    const xobj = /\/XObject <<([\s\S]*?)>>/.exec(recursos)?.[1] ?? '';
    for (const m of xobj.matchAll(/\/(\w+) (\d+) 0 R/g))
      formas.set(m[1]!, textos(objetos.get(Number(m[2]))?.dados ?? '', new Map()));
    return textos(objetos.get(ref(pagina, 'Contents'))!.dados, formas);
  });
}
