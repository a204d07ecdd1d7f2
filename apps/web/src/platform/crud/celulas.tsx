import { type CampoCadastro, campoRotulo } from '@sig/contracts';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { i18n } from '../i18n';
import { dataParaTela, dinheiroParaTela, formatoData, type Registro, rotuloOpcao } from './definicao';
import { EXTENSOES } from './extensoes';
import { formatarMascara, mascaraDoTipo, type TipoMascara } from './mascaras';

/*
 * How a list writes a value in a cell, the same on every screen: money and dates in the reader's
 * language, yes/no, a reference by the label the list answered beside it, a status as a coloured
 * tag. Each is a column's `render` (and, for sums, its `total`).
 */

const vazio = (v: unknown) => v === null || v === undefined || v === '';

/** `R$ 1.250,50` / `R$1,250.50`. */
export const celulaDinheiro = (v: unknown): ReactNode => (vazio(v) ? '' : dinheiroParaTela(v, i18n.language));

/** `10/03/2099` / `03/10/2099`; never ISO on screen. */
export const celulaData = (v: unknown): ReactNode => dataParaTela(v, i18n.language);

/** A moment (`2026-11-10T14:05:00Z`) in the reader's date format and local time, to the second. */
export const celulaDataHora = (v: unknown): ReactNode =>
  vazio(v) ? '' : dayjs(String(v)).format(`${formatoData(i18n.language)} HH:mm:ss`);

/** A whole number in the reader's grouping (`1.250` / `1,250`). */
export const celulaNumero = (v: unknown): ReactNode =>
  vazio(v) ? '' : new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR').format(Number(v));

export const celulaSimNao = (v: unknown): ReactNode => (vazio(v) ? '' : v ? i18n.t('comum:sim') : i18n.t('comum:nao'));

/** A reference by the label its list answered beside it (`<campo>Rotulo`): no request per cell. */
export const celulaReferencia =
  (campo: string) =>
  (_v: unknown, linha: object): ReactNode =>
    String((linha as Record<string, unknown>)[campoRotulo(campo)] ?? '');

/** A document or phone as its mask writes it. */
export const celulaMascara =
  (tipo: TipoMascara) =>
  (v: unknown): ReactNode =>
    vazio(v) ? '' : formatarMascara(tipo, String(v));

/**
 * A status as a tag labelled `<rotulos>.<valor>`, told apart by its icon: coloured tags fail the
 * contrast check (axe), so the colour stays the theme's.
 */
export const celulaTag =
  (rotulos: string, icones: Readonly<Partial<Record<string, ReactNode>>>) =>
  (v: unknown): ReactNode =>
    vazio(v) ? (
      ''
    ) : (
      <Tag icon={icones[String(v)]}>{i18n.t(`${rotulos}.${String(v)}`, { defaultValue: String(v) })}</Tag>
    );

/** A failure's message (a job's, an e-mail's), cut to the column with the whole text on hover. */
export const celulaErro = (v: unknown): ReactNode =>
  vazio(v) ? (
    ''
  ) : (
    <Typography.Text type="danger" ellipsis={{ tooltip: String(v) }} style={{ maxWidth: 320 }}>
      {String(v)}
    </Typography.Text>
  );

/** The cell of a declared field: its extension's when it names one, else its type's. */
export function celulaDoCampo(c: CampoCadastro): (v: unknown, linha: Registro) => ReactNode {
  const extensao = c.extensao && EXTENSOES[c.extensao].celula;
  if (extensao) return (v, linha) => (vazio(v) ? '' : extensao(v, linha, c));
  switch (c.tipo) {
    case 'booleano':
      return celulaSimNao;
    case 'opcao':
      return (v) => (vazio(v) ? '' : i18n.t(rotuloOpcao(c, String(v)), { defaultValue: String(v) }));
    case 'referencia':
      return celulaReferencia(c.nome);
    case 'data':
      return celulaData;
    case 'dinheiro':
      return celulaDinheiro;
    case 'inteiro':
      return (v) => (vazio(v) ? '' : String(v));
    case 'decimal':
      return celulaNumero;
    case 'cpf':
    case 'cnpj':
    case 'cep':
    case 'telefone':
      return celulaMascara(mascaraDoTipo(c.tipo)!);
    default:
      return (v) => (vazio(v) ? '' : String(v));
  }
}
