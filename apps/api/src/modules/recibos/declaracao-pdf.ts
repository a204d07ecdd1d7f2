import type { Readable } from 'node:stream';
import type { TIPOS_CONTA_A_RECEBER } from '@sig/contracts';
import { type Idioma, tradutor } from '@sig/i18n';
import PDFDocument from 'pdfkit';
import { abrirImagem, desenharEmissor, documentoRotulado } from '../../platform/emissor-pdf.js';
import { valorPorExtenso } from '../../platform/extenso.js';
import { dataTela, dinheiroTela } from '../../platform/pdf.js';
import type { declaracaoAnual } from './declaracao.service.js';
import { datarEAssinar, numeroRecibo } from './recibo-pdf.js';

const MARGEM = 48;
const ALTURA_LINHA = 16;

/**
 * The annual contribution statement on A4: the issuer's logo, name, CNPJ and address; the
 * declaration (who, CPF, year, total in figures and words); one line per payment with its receipt;
 * the total; date and signature. Rows run onto further pages with the headings repeated, each
 * page numbered.
 */
export function pdfDeclaracao(d: Awaited<ReturnType<typeof declaracaoAnual>>, idioma: Idioma, hoje: string): Readable {
  const t = tradutor(idioma);
  const titulo = t('cobrancas:declaracao.pdf.titulo', { ano: d.ano });
  const doc = new PDFDocument({ size: 'A4', margin: MARGEM, bufferPages: true, info: { Title: titulo } });
  const largura = doc.page.width - 2 * MARGEM;
  const total = dinheiroTela(d.total, idioma);

  doc.y = desenharEmissor(doc, d.emissor, abrirImagem(doc, d.emissor.logo), {
    x: MARGEM,
    y: MARGEM,
    largura,
    altura: 56,
  });
  doc.x = MARGEM;
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(15).text(titulo, { align: 'center', width: largura });
  doc.moveDown(1.5);
  const pessoa = d.pessoa.cpf ? `${d.pessoa.nome}, ${documentoRotulado(d.pessoa.cpf)},` : d.pessoa.nome;
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(
      t(d.linhas.length ? 'cobrancas:declaracao.pdf.texto' : 'cobrancas:declaracao.pdf.nenhuma', {
        organizacao: d.emissor.razaoSocial,
        pessoa,
        ano: d.ano,
        total,
        extenso: valorPorExtenso(d.total, idioma),
      }),
      { width: largura },
    );
  doc.moveDown();

  const colunas = [
    { titulo: t('cobrancas:recibos.pdf.item'), peso: 0.44, direita: false },
    { titulo: t('campos:dataPagamento'), peso: 0.18, direita: false },
    { titulo: t('cobrancas:declaracao.pdf.recibo'), peso: 0.16, direita: false },
    { titulo: t('campos:valor'), peso: 0.22, direita: true },
  ];
  const linha = (valores: string[], negrito: boolean) => {
    if (doc.y + ALTURA_LINHA > doc.page.height - MARGEM - 20) {
      doc.addPage();
      doc.y = MARGEM;
      if (!negrito)
        linha(
          colunas.map((c) => c.titulo),
          true,
        );
    }
    const y = doc.y;
    let x = MARGEM;
    doc.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    valores.forEach((v, i) => {
      const w = colunas[i]!.peso * largura;
      doc.text(v, x + 2, y, { width: w - 4, align: colunas[i]!.direita ? 'right' : 'left', lineBreak: false });
      x += w;
    });
    doc.x = MARGEM;
    doc.y = y + ALTURA_LINHA;
  };
  const regua = () =>
    doc
      .moveTo(MARGEM, doc.y - 4)
      .lineTo(MARGEM + largura, doc.y - 4)
      .stroke();

  if (d.linhas.length) {
    linha(
      colunas.map((c) => c.titulo),
      true,
    );
    regua();
    for (const l of d.linhas) {
      const competencia = `${String(l.mesCompetencia).padStart(2, '0')}/${l.anoCompetencia}`;
      const tipo = t(`campos:opcao.tipoContaAReceber.${l.tipo as (typeof TIPOS_CONTA_A_RECEBER)[number]}`);
      linha(
        [
          `${tipo} ${competencia}${l.descricao ? ` – ${l.descricao}` : ''}`,
          dataTela(l.dataPagamento, idioma),
          l.reciboNumero ? numeroRecibo(l.reciboNumero) : '',
          dinheiroTela(l.valor, idioma),
        ],
        false,
      );
    }
    regua();
    linha([t('campos:total'), '', '', total], true);
  }

  if (doc.y > doc.page.height - MARGEM - 120) doc.addPage();
  datarEAssinar(doc, hoje, idioma, d.emissor.razaoSocial);

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(t('relatorios:paginaDe', { n: i + 1, total: count }), MARGEM, doc.page.height - MARGEM + 10, {
        width: largura,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return doc;
}
