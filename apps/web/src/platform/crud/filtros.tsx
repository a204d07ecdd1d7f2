import { Form, Input, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecursoSelect } from '../cliente';
import { i18n } from '../i18n';
import { EntradaData, EntradaMascarada, SelectReferencia } from './controles';
import { rotuloCampo } from './definicao';
import { idiomaDoDinheiro } from './dinheiro';
import { EntradaDinheiro } from './EntradaDinheiro';
import type { TipoMascara } from './mascaras';

/**
 * A list's filter, declared with its type: the type decides the control, how its value is kept
 * in the address (text) and sent to the API (the address's text is the API's query), and its
 * rules. Labels are `campos:<nome>` (a period's, `campos:<de>` and `campos:<ate>`).
 */
export type FiltroLista =
  /** `dica`: the i18n key of the input's hint (what the search matches). */
  | { tipo: 'texto'; nome: string; max?: number; dica?: string }
  /** `controle`: the page's own select of a number (options the API answers elsewhere). */
  | { tipo: 'numero'; nome: string; controle?: ReactElement }
  | { tipo: 'dinheiro'; nome: string }
  | { tipo: 'data'; nome: string }
  /**
   * Two dates, `de` ≤ `ate` (spec §5); a search over more than 30 days asks first (spec §5/§8).
   * `padrao: 'mes'`: the list opens on the first day of the month → today (spec §9).
   * `aviso: false`: a range that is no search period (a birth range) searches without asking.
   */
  | { tipo: 'periodo'; de: string; ate: string; padrao?: 'mes'; aviso?: false }
  /** One of `opcoes`, labelled `<rotulos>.<valor>` (default `campos:opcao.<nome>.<valor>`). */
  | { tipo: 'opcao'; nome: string; opcoes: readonly string[]; rotulos?: string }
  /** Several of `opcoes`, kept as `a,b` (the API reads the list). */
  | { tipo: 'multipla'; nome: string; opcoes: readonly string[]; rotulos?: string }
  /**
   * A record of `referencia`, picked from its select. `padrao: 'primeira'`: the list opens on the
   * select's first option (the ledger on a cash account, its running balance being per account).
   */
  | { tipo: 'referencia'; nome: string; referencia: RecursoSelect; padrao?: 'primeira' }
  /** One of the records the page read (a list that has no `/select` of its own), kept as its id. */
  | { tipo: 'escolha'; nome: string; opcoes: readonly { value: number; label: string }[] }
  /** Several records of `referencia`, kept as `1,2` (the API reads the list). */
  | { tipo: 'referencias'; nome: string; referencia: RecursoSelect }
  /** A document typed through its mask (CPF, CNPJ…), kept and sent as its digits. */
  | { tipo: 'mascara'; nome: string; mascara: TipoMascara }
  /** Yes, no or either, kept as `true` / `false`. */
  | { tipo: 'booleano'; nome: string };

/** The address parameters a filter keeps (a period keeps two). */
export const parametrosDe = (f: FiltroLista): string[] => (f.tipo === 'periodo' ? [f.de, f.ate] : [f.nome]);

const rotuloDaOpcao = (f: { nome: string; rotulos?: string }, v: string) =>
  i18n.t(f.rotulos ? `${f.rotulos}.${v}` : `campos:opcao.${f.nome}.${v}`, { defaultValue: v });

/** The form's values of the filters from the address's text. */
export function valoresDaUrl(filtros: readonly FiltroLista[], url: Record<string, string>): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const f of filtros) {
    if (f.tipo === 'periodo') {
      v[f.de] = url[f.de] ?? null;
      v[f.ate] = url[f.ate] ?? null;
      continue;
    }
    const texto = url[f.nome];
    const lista = f.tipo === 'multipla' || f.tipo === 'referencias';
    if (texto === undefined) v[f.nome] = lista ? [] : null;
    else if (f.tipo === 'numero' || f.tipo === 'referencia' || f.tipo === 'escolha') v[f.nome] = Number(texto);
    else if (f.tipo === 'multipla') v[f.nome] = texto.split(',').filter(Boolean);
    else if (f.tipo === 'referencias') v[f.nome] = texto.split(',').filter(Boolean).map(Number);
    else v[f.nome] = texto;
  }
  return v;
}

/** The address's text of the form's values (blank ones left out). */
export function urlDosValores(
  filtros: readonly FiltroLista[],
  valores: Record<string, unknown>,
): Record<string, string | undefined> {
  const url: Record<string, string | undefined> = {};
  const texto = (x: unknown) => {
    if (x === null || x === undefined) return undefined;
    const s = Array.isArray(x) ? x.join(',') : String(x).trim();
    return s === '' ? undefined : s;
  };
  for (const f of filtros)
    for (const p of parametrosDe(f))
      url[p] = f.tipo === 'mascara' ? texto(String(valores[p] ?? '').replace(/\D/g, '')) : texto(valores[p]);
  return url;
}

/** Spec §9: the first day of this month → today, as the address keeps dates. */
export const periodoDoMes = () => ({
  de: dayjs().startOf('month').format('YYYY-MM-DD'),
  ate: dayjs().format('YYYY-MM-DD'),
});

/** The address a list opens with when nothing else applies: the declared defaults (the month's period). */
export function padroesDosFiltros(filtros: readonly FiltroLista[]): Record<string, string> {
  const url: Record<string, string> = {};
  for (const f of filtros)
    if (f.tipo === 'periodo' && f.padrao === 'mes') {
      const { de, ate } = periodoDoMes();
      url[f.de] = de;
      url[f.ate] = ate;
    }
  return url;
}

/** The longest searched period of the values, in days (both ends given), for the §5 confirmation. */
export function diasDoMaiorPeriodo(filtros: readonly FiltroLista[], valores: Record<string, unknown>): number {
  let maior = 0;
  for (const f of filtros) {
    if (f.tipo !== 'periodo' || f.aviso === false) continue;
    const de = valores[f.de];
    const ate = valores[f.ate];
    if (typeof de === 'string' && typeof ate === 'string' && de && ate)
      maior = Math.max(maior, dayjs(ate).diff(dayjs(de), 'day'));
  }
  return maior;
}

/** Spec §5: the period's end may not come before its start (the server's own message). */
const regraPeriodo =
  (de: string): Rule =>
  ({ getFieldValue }) => ({
    validator: async (_r, ate: unknown) => {
      const inicio = getFieldValue(de);
      if (typeof inicio === 'string' && typeof ate === 'string' && inicio && ate && ate < inicio)
        throw new Error(i18n.t('validacao:dataFimAntesInicio'));
    },
  });

/** An amount the money control could not read reaches the form marked (EntradaDinheiro): refused here. */
const regraDinheiro: Rule = {
  validator: async (_r, v: unknown) => {
    if (typeof v === 'string' && v && !/^-?\d+(\.\d{1,2})?$/.test(v))
      throw new Error(i18n.t('validacao:valorInvalido'));
  },
};

function controleDoFiltro(f: Exclude<FiltroLista, { tipo: 'periodo' }>, idioma: string): ReactElement {
  const todos = i18n.t('crud:todos');
  switch (f.tipo) {
    case 'numero':
      return f.controle ?? <InputNumber precision={0} style={{ width: 140 }} />;
    case 'dinheiro':
      return <EntradaDinheiro idioma={idiomaDoDinheiro(idioma)} />;
    case 'data':
      return <EntradaData />;
    case 'opcao':
    case 'multipla':
      return (
        <Select
          allowClear
          mode={f.tipo === 'multipla' ? 'multiple' : undefined}
          placeholder={todos}
          style={{ minWidth: 200 }}
          // A long list (the screens of the audit) is searched by its labels.
          showSearch={f.opcoes.length > 10 ? { optionFilterProp: 'label' } : undefined}
          options={f.opcoes.map((o) => ({ value: o, label: rotuloDaOpcao(f, o) }))}
        />
      );
    case 'escolha':
      return (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={todos}
          style={{ minWidth: 200 }}
          options={[...f.opcoes]}
        />
      );
    case 'referencia':
      return <SelectReferencia referencia={f.referencia} allowClear placeholder={todos} style={{ minWidth: 260 }} />;
    case 'referencias':
      return (
        <SelectReferencia
          referencia={f.referencia}
          mode="multiple"
          allowClear
          placeholder={todos}
          style={{ minWidth: 260 }}
        />
      );
    case 'mascara':
      return <EntradaMascarada tipo={f.mascara} allowClear style={{ width: 180 }} />;
    case 'booleano':
      return (
        <Select
          allowClear
          placeholder={todos}
          style={{ minWidth: 140 }}
          options={[
            { value: 'true', label: i18n.t('comum:sim') },
            { value: 'false', label: i18n.t('comum:nao') },
          ]}
        />
      );
    default:
      return (
        <Input
          allowClear
          maxLength={f.max ?? 200}
          placeholder={f.dica ? i18n.t(f.dica, { defaultValue: '' }) : undefined}
        />
      );
  }
}

/** The Form.Items of declared filters, inside a filter form (`searchFormProps`). */
export function CamposDeFiltro({ filtros }: { filtros: readonly FiltroLista[] }) {
  // Named here so a language switch redraws the labels, and `campos` is there before they show.
  const { i18n: idiomaAtual } = useTranslation(['campos', 'comum', 'crud']);
  const idioma = idiomaAtual.language;
  return (
    <>
      {filtros.flatMap((f) =>
        f.tipo === 'periodo'
          ? [
              <Form.Item key={f.de} name={f.de} label={i18n.t(rotuloCampo({ nome: f.de }))}>
                <EntradaData />
              </Form.Item>,
              <Form.Item
                key={f.ate}
                name={f.ate}
                label={i18n.t(rotuloCampo({ nome: f.ate }))}
                dependencies={[f.de]}
                rules={[regraPeriodo(f.de)]}
              >
                <EntradaData />
              </Form.Item>,
            ]
          : [
              <Form.Item
                key={f.nome}
                name={f.nome}
                label={i18n.t(rotuloCampo(f))}
                rules={f.tipo === 'dinheiro' ? [regraDinheiro] : undefined}
              >
                {controleDoFiltro(f, idioma)}
              </Form.Item>,
            ],
      )}
    </>
  );
}
