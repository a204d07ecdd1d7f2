import type { Readable } from 'node:stream';
import type { Recibo, TIPOS_CONTA_A_RECEBER } from '@sig/contracts';
import { type Idioma, tradutor } from '@sig/i18n';
import PDFDocument from 'pdfkit';
import { dataTela, dinheiroTela } from '../../platform/pdf.js';

const MARGEM = 48;

export const numeroRecibo = (n: number) => String(n).padStart(6, '0');

/**
 * One receipt on an A4 page: the issuing organization, number and date, who paid, one line per
 * receivable and the total. A reversed receipt says so across its head.
 */
export function pdfRecibo(r: Recibo, emissor: { razaoSocial: string; cnpj: string | null }, idioma: Idioma): Readable {
  const t = tradutor(idioma);
  const titulo = t('cobrancas:recibos.pdf.titulo', { numero: numeroRecibo(r.numero) });
  const doc = new PDFDocument({ size: 'A4', margin: MARGEM, info: { Title: titulo } });
  const largura = doc.page.width - 2 * MARGEM;

  doc.font('Helvetica-Bold').fontSize(13).text(emissor.razaoSocial, { width: largura });
  if (emissor.cnpj) doc.font('Helvetica').fontSize(9).text(`CNPJ ${emissor.cnpj}`);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(18).text(titulo, { align: 'center' });
  doc.font('Helvetica').fontSize(10).text(dataTela(r.data, idioma), { align: 'center' });
  if (r.estornadoEm)
    doc
      .moveDown(0.5)
      .font('Helvetica-Bold')
      .fillColor('#b00020')
      .text(t('cobrancas:recibos.pdf.estornado', { justificativa: r.justificativaEstorno ?? '' }), { align: 'center' })
      .fillColor('#000');
  doc.moveDown(1.5);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(t('cobrancas:recibos.pdf.recebemosDe', { titular: r.titularNome, total: dinheiroTela(r.total, idioma) }), {
      width: largura,
    });
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
  linha([t('campos:total'), '', '', dinheiroTela(r.total, idioma)], true);

  doc.moveDown(5);
  const assinatura = doc.y;
  doc
    .moveTo(MARGEM + largura * 0.25, assinatura)
    .lineTo(MARGEM + largura * 0.75, assinatura)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(emissor.razaoSocial, MARGEM, assinatura + 4, { width: largura, align: 'center' });
  doc.end();
  return doc;
}
