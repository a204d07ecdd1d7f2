import type { Readable } from 'node:stream';
import type { Recibo, TIPOS_CONTA_A_RECEBER } from '@sig/contracts';
import { type Idioma, tradutor } from '@sig/i18n';
import PDFDocument from 'pdfkit';
import {
  abrirImagem,
  dataPorExtenso,
  desenharEmissor,
  documentoRotulado,
  type EmissorPdf,
} from '../../platform/emissor-pdf.js';
import { valorPorExtenso } from '../../platform/extenso.js';
import { dataTela, dinheiroTela } from '../../platform/pdf.js';

const MARGEM = 48;

export const numeroRecibo = (n: number) => String(n).padStart(6, '0');

/**
 * One receipt on an A4 page, as a Brazilian receipt reads: the issuer's logo, legal name, CNPJ and
 * address; number and amount; who paid with their CPF or CNPJ and the amount in figures and in
 * words; one line per receivable and the total; place, date and signature. A reversed receipt says
 * so across its head.
 */
export function pdfRecibo(r: Recibo, emissor: EmissorPdf & { logo: Buffer | null }, idioma: Idioma): Readable {
  const t = tradutor(idioma);
  const titulo = t('cobrancas:recibos.pdf.titulo', { numero: numeroRecibo(r.numero) });
  const doc = new PDFDocument({ size: 'A4', margin: MARGEM, info: { Title: titulo } });
  const largura = doc.page.width - 2 * MARGEM;
  const total = dinheiroTela(r.total, idioma);

  doc.y = desenharEmissor(doc, emissor, abrirImagem(doc, emissor.logo), {
    x: MARGEM,
    y: MARGEM,
    largura,
    altura: 56,
  });
  doc.x = MARGEM;
  doc.moveDown(1.5);
  const topo = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(titulo, MARGEM, topo, { width: largura / 2 });
  doc.fontSize(14).text(t('cobrancas:recibos.pdf.valor', { total }), MARGEM + largura / 2, topo + 3, {
    width: largura / 2,
    align: 'right',
  });
  doc.x = MARGEM;
  if (r.estornadoEm)
    doc
      .moveDown(0.5)
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#b00020')
      .text(t('cobrancas:recibos.pdf.estornado', { justificativa: r.justificativaEstorno ?? '' }), { align: 'center' })
      .fillColor('#000');
  doc.moveDown(1.5);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(
      t('cobrancas:recibos.pdf.recebemosDe', {
        titular: r.titularDocumento ? `${r.titularNome}, ${documentoRotulado(r.titularDocumento)},` : r.titularNome,
        total,
        extenso: valorPorExtenso(r.total, idioma),
      }),
      { width: largura },
    );
  doc.moveDown();

  const colunas = [
    { titulo: t('cobrancas:recibos.pdf.item'), largura: largura * 0.46 },
    { titulo: t('campos:vencimento'), largura: largura * 0.18 },
    { titulo: t('campos:dataPagamento'), largura: largura * 0.18 },
    { titulo: t('campos:valor'), largura: largura * 0.18 },
  ];
  const linha = (valores: string[], negrito: boolean) => {
    const y = doc.y;
    let x = MARGEM;
    doc.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    valores.forEach((v, i) => {
      doc.text(v, x + 2, y, { width: colunas[i]!.largura - 4, align: i === 3 ? 'right' : 'left', lineBreak: false });
      x += colunas[i]!.largura;
    });
    doc.x = MARGEM;
    doc.y = y + 16;
  };
  linha(
    colunas.map((c) => c.titulo),
    true,
  );
  doc
    .moveTo(MARGEM, doc.y - 4)
    .lineTo(MARGEM + largura, doc.y - 4)
    .stroke();
  for (const i of r.itens) {
    const competencia = `${String(i.mesCompetencia).padStart(2, '0')}/${i.anoCompetencia}`;
    const rotulo = `${t(`campos:opcao.tipoContaAReceber.${i.tipo as (typeof TIPOS_CONTA_A_RECEBER)[number]}`)} ${competencia}${i.descricao ? ` – ${i.descricao}` : ''}`;
    linha(
      [
        rotulo,
        dataTela(i.vencimento, idioma),
        i.dataPagamento ? dataTela(i.dataPagamento, idioma) : '',
        dinheiroTela(i.valor, idioma),
      ],
      false,
    );
  }
  doc
    .moveTo(MARGEM, doc.y - 4)
    .lineTo(MARGEM + largura, doc.y - 4)
    .stroke();
  linha([t('campos:total'), '', '', total], true);

  datarEAssinar(doc, r.data, idioma, emissor.razaoSocial);
  doc.end();
  return doc;
}

/** How a receipt and a declaration end: the date in words, then the issuer's signature line. */
export function datarEAssinar(doc: PDFKit.PDFDocument, data: string, idioma: Idioma, razaoSocial: string) {
  const largura = doc.page.width - 2 * MARGEM;
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(dataPorExtenso(data, idioma), MARGEM, doc.y, { width: largura, align: 'right' });
  doc.moveDown(4);
  const assinatura = doc.y;
  doc
    .moveTo(MARGEM + largura * 0.25, assinatura)
    .lineTo(MARGEM + largura * 0.75, assinatura)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(razaoSocial, MARGEM, assinatura + 4, { width: largura, align: 'center' });
}
