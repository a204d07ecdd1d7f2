import { CADASTRO_POR_RECURSO, type CampoCadastro, type SelectOpcao } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormItemProps } from 'antd';
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMask } from 'react-imask';
import { api } from '../api';
import { Glifo } from '../Glifo';
import { i18n } from '../i18n';
import { formatoData, mascaraDe, type Registro, rotuloOpcao } from './definicao';
import { idiomaDoDinheiro } from './dinheiro';
import { EntradaDinheiro } from './EntradaDinheiro';

type PropsControle<V> = {
  id?: string;
  value?: V | null;
  onChange?: (v: V | null) => void;
  disabled?: boolean;
  'aria-label'?: string;
  allowClear?: boolean;
  placeholder?: string;
};

/** How records that are not simple registries are named in selects and cells. */
const ROTULOS_EXTERNOS: Record<string, (r: Registro) => string> = {
  organizacao: (r) => String(r.nomeFantasia ?? ''),
  pessoa: (r) => `${r.nome ?? ''} ${r.sobrenome ?? ''}`.trim(),
};

const rotuloDoRegistro = (referencia: string, r: Registro): string | undefined => {
  const externo = ROTULOS_EXTERNOS[referencia];
  const v = externo ? externo(r) : r[CADASTRO_POR_RECURSO.get(referencia)?.rotulo ?? 'nome'];
  return v === undefined || v === null || v === '' ? undefined : String(v);
};

/**
 * The label of one referenced record, read from its registry (`rotulo` field; the name for
 * organizations, people and users); cached per id.
 */
function useRotuloReferencia(referencia: string, id: number | null | undefined, ativo = true) {
  return useQuery({
    queryKey: ['crud', referencia, 'rotulo', id],
    queryFn: async ({ signal }) => {
      const r = await api.get<Registro>(`${referencia}/${id}`, undefined, { sinal: signal, semCarga: true });
      return rotuloDoRegistro(referencia, r) ?? String(id);
    },
    enabled: ativo && typeof id === 'number',
    staleTime: 5 * 60_000,
  });
}

/** Shows a referenced record's label in a list cell. */
export function RotuloReferencia({ referencia, id }: { referencia: string; id: unknown }) {
  const valido = typeof id === 'number' ? id : null;
  const q = useRotuloReferencia(referencia, valido);
  if (valido === null) return null;
  return <>{q.data ?? ''}</>;
}

type Icone = { id: number; nome: string; simbolo: string; ativo: boolean };

/** The icon registry, whole (a short table): its selects and cells draw each glyph. */
const useIcones = () =>
  useQuery({
    queryKey: ['crud', 'icones', 'todos'],
    queryFn: ({ signal }) => api.get<Icone[]>('icones', undefined, { sinal: signal, semCarga: true }),
    staleTime: 5 * 60_000,
  });

/** A glyph and its name, as options and cells show it. */
export const ComGlifo = ({ simbolo, texto }: { simbolo: string | null | undefined; texto: string }) => (
  <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
    <Glifo simbolo={simbolo} />
    {texto}
  </span>
);

/** An icon of the registry in a list cell: its glyph and name. */
export function RotuloIcone({ id }: { id: unknown }) {
  const q = useIcones();
  const icone = q.data?.find((i) => i.id === id);
  return icone ? <ComGlifo simbolo={icone.simbolo} texto={icone.nome} /> : null;
}

/** Chooses an icon of the registry (active ones, plus the one already chosen), glyphs drawn. */
export function SelectIcone({ value, onChange, ...resto }: PropsControle<number>) {
  const { t } = useTranslation(['comum', 'crud']);
  const q = useIcones();
  const opcoes = (q.data ?? [])
    .filter((i) => i.ativo || i.id === value)
    .map((i) => ({ value: i.id, label: <ComGlifo simbolo={i.simbolo} texto={i.nome} />, nome: i.nome }));
  return (
    <Select<number>
      {...resto}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={opcoes}
      loading={q.isFetching}
      showSearch={{ optionFilterProp: 'nome' }}
      notFoundContent={q.isFetching ? t('comum:app.carregando') : t('crud:semOpcoes')}
      style={{ width: '100%', minWidth: 180 }}
    />
  );
}

/** A remote select on GET /api/<referencia>/select?busca=, searched as the user types. */
export function SelectReferencia({
  referencia,
  value,
  onChange,
  ...resto
}: PropsControle<number> & { referencia: string }) {
  const { t } = useTranslation(['comum', 'crud']);
  const [busca, setBusca] = useState('');
  const [termo, setTermo] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setTermo(busca.trim()), 300);
    return () => clearTimeout(h);
  }, [busca]);
  const q = useQuery({
    queryKey: ['crud', referencia, 'select', termo],
    queryFn: ({ signal }) =>
      api.get<SelectOpcao[]>(`${referencia}/select`, { busca: termo }, { sinal: signal, semCarga: true }),
    staleTime: 60_000,
  });
  const opcoes = q.data ?? [];
  // The chosen record may be outside the first page of options: its label is read on its own.
  const faltando = typeof value === 'number' && !opcoes.some((o) => o.value === value);
  const rotulo = useRotuloReferencia(referencia, value, faltando);
  const todas = useMemo(
    () => (faltando && rotulo.data ? [{ value: value as number, label: rotulo.data }, ...opcoes] : opcoes),
    [faltando, rotulo.data, value, opcoes],
  );
  return (
    <Select<number>
      {...resto}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={todas}
      loading={q.isFetching}
      showSearch={{ filterOption: false, onSearch: setBusca }}
      notFoundContent={q.isFetching ? t('comum:app.carregando') : t('crud:semOpcoes')}
      style={{ width: '100%', minWidth: 180 }}
    />
  );
}

/** CPF, CNPJ, CEP and phone typed through their mask (react-imask), kept as the masked text. */
export function EntradaMascarada({
  mascara,
  value,
  onChange,
  ...resto
}: PropsControle<string> & { mascara: string | { mask: string }[] }) {
  const opcoes = useMemo(() => ({ mask: mascara }), [mascara]);
  const aplicar = (v: string) => (v ? IMask.pipe(v, opcoes as Parameters<typeof IMask.pipe>[1]) : '');
  return (
    <Input
      {...resto}
      inputMode="numeric"
      value={value ? aplicar(value) : ''}
      onChange={(e) => {
        const v = aplicar(e.target.value);
        onChange?.(v === '' ? null : v);
      }}
    />
  );
}

const vazioParaNulo = (v: unknown) => (v === '' || v === undefined ? null : v);

/** How a field's value goes in and out of its Form.Item (dates as ISO text, blanks as null). */
export function propsItem(c: CampoCadastro): Partial<FormItemProps> {
  switch (c.tipo) {
    case 'booleano':
      return { valuePropName: 'checked' };
    case 'data':
      return {
        getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : null }),
        normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
      };
    case 'texto':
    case 'textoLongo':
    case 'telefone':
      return {};
    default:
      return { normalize: vazioParaNulo };
  }
}

/** The input of one declared field, by its type. */
export function controleCampo(c: CampoCadastro, idioma: string): ReactElement {
  switch (c.tipo) {
    case 'textoLongo':
      return <Input.TextArea rows={4} maxLength={c.max ?? 4000} showCount />;
    case 'inteiro':
      return <InputNumber min={c.min} max={c.max} precision={0} style={{ width: '100%', maxWidth: 240 }} />;
    case 'decimal':
      return (
        <InputNumber
          min={c.min}
          max={c.max}
          precision={1}
          step={0.1}
          decimalSeparator={idioma === 'en' ? '.' : ','}
          style={{ width: '100%', maxWidth: 240 }}
        />
      );
    case 'dinheiro':
      return <EntradaDinheiro idioma={idiomaDoDinheiro(idioma)} />;
    case 'data':
      return <DatePicker format={formatoData(idioma)} />;
    case 'booleano':
      return <Switch />;
    case 'opcao':
      return (
        <Select
          allowClear={!c.obrigatorio}
          options={(c.opcoes ?? []).map((o) => {
            const texto = i18n.t(rotuloOpcao(c, o), { defaultValue: o });
            return { value: o, texto, label: c.glifos ? <ComGlifo simbolo={o} texto={texto} /> : texto };
          })}
          // A glyph's label is drawn: the search reads its name.
          showSearch={c.glifos ? { optionFilterProp: 'texto' } : undefined}
        />
      );
    case 'referencia':
      if (c.referencia === 'icones') return <SelectIcone allowClear={!c.obrigatorio} />;
      return <SelectReferencia referencia={c.referencia ?? ''} allowClear={!c.obrigatorio} />;
    case 'cpf':
    case 'cnpj':
    case 'cep':
    case 'telefone':
      return <EntradaMascarada mascara={mascaraDe(c) ?? ''} />;
    case 'email':
      return <Input type="email" maxLength={254} autoComplete="off" />;
    case 'url':
      return <Input type="url" maxLength={c.max ?? 500} />;
    default:
      return <Input maxLength={c.max ?? 200} />;
  }
}
