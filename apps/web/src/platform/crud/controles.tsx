import { CADASTRO_POR_RECURSO, type CampoCadastro, campoEstadoDaCidade } from '@sig/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { FormItemProps } from 'antd';
import { DatePicker, Form, Input, InputNumber, Select, Switch, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactElement, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api';
import { chaves, clienteDiscreto, dados, type RecursoComId, type RecursoSelect, recurso } from '../cliente';
import { mensagemDeErro } from '../formulario';
import { i18n } from '../i18n';
import { useBuscaAdiada } from '../useBuscaAdiada';
import { formatoData, type Registro, rotuloOpcao } from './definicao';
import { idiomaDoDinheiro } from './dinheiro';
import { EntradaDinheiro } from './EntradaDinheiro';
import { EXTENSOES } from './extensoes';
import { digitosVerificadoresErrados, formatarMascara, mascaraDoTipo, type TipoMascara } from './mascaras';

/** What antd's Form.Item hands the control it wraps. */
export type PropsControle<V> = {
  id?: string;
  value?: V | null;
  onChange?: (v: V | null) => void;
  disabled?: boolean;
  'aria-label'?: string;
  allowClear?: boolean;
  placeholder?: string;
};

/** How records that are not simple registries are named in selects. */
const ROTULOS_EXTERNOS: Record<string, (r: Registro) => string> = {
  organizacao: (r) => String(r.nomeFantasia ?? ''),
  pessoa: (r) => `${r.nome ?? ''} ${r.sobrenome ?? ''}`.trim(),
  jazigo: (r) => `${r.rotulo ?? ''} · ${r.cemiterioNome ?? ''}`,
};

const rotuloDoRegistro = (referencia: string, r: Registro): string | undefined => {
  const externo = ROTULOS_EXTERNOS[referencia];
  const v = externo ? externo(r) : r[CADASTRO_POR_RECURSO.get(referencia)?.rotulo ?? 'nome'];
  return v === undefined || v === null || v === '' ? undefined : String(v);
};

/**
 * The label of a chosen record that is not among a select's first options (a form loading a
 * saved value), read from the record itself; cached per id. Lists never need it: their answer
 * brings each reference's label (`<campo>Rotulo`).
 */
const consultaRotulo = (referencia: RecursoSelect, id: number) => ({
  queryKey: chaves(referencia).rotulo(id),
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const r = (await recurso.item(referencia as RecursoComId, id, signal, true)) as Registro;
    return rotuloDoRegistro(referencia, r) ?? String(id);
  },
  staleTime: 5 * 60_000,
});

/** A record named by its label (read once per id and cached), e.g. a reference in the change history. */
export function RotuloReferencia({ referencia, id }: { referencia: RecursoSelect; id: number }) {
  const q = useQuery(consultaRotulo(referencia, id));
  return <>{q.data ?? (q.isError ? String(id) : '…')}</>;
}

type PropsSelectReferencia = {
  /** The registry or resource whose `GET /api/<referencia>/select` gives the options. */
  referencia: RecursoSelect;
  /** The lookup's own filters (a city's state, a transfer's account nature): the server narrows the options. */
  filtros?: Record<string, string>;
  style?: React.CSSProperties;
} & (
  | (PropsControle<number> & { mode?: undefined })
  | (Omit<PropsControle<number[]>, 'value' | 'onChange'> & {
      mode: 'multiple';
      value?: number[] | null;
      onChange?: (v: number[]) => void;
    })
);

/**
 * A remote select on GET /api/<referencia>/select?busca=, searched as the user types; one record
 * or, with `mode="multiple"`, several. Chosen records outside the current options keep their
 * labels (read once each).
 */
export function SelectReferencia({
  referencia,
  filtros,
  value,
  onChange,
  mode,
  style,
  ...resto
}: PropsSelectReferencia) {
  const { t } = useTranslation(['comum', 'crud']);
  const { termo, setBusca } = useBuscaAdiada();
  const q = useQuery({
    queryKey: chaves(referencia).select(termo, filtros),
    queryFn: ({ signal }) => recurso.opcoes(referencia, { ...filtros, busca: termo }, signal),
    staleTime: 60_000,
    // A refusal is an answer: retrying a 403 only delays saying so.
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });
  const opcoes = q.data ?? [];
  const escolhidos = (Array.isArray(value) ? value : typeof value === 'number' ? [value] : []).filter(
    (v): v is number => typeof v === 'number',
  );
  const faltando = escolhidos.filter((v) => !opcoes.some((o) => o.value === v));
  const rotulos = useQueries({ queries: faltando.map((id) => consultaRotulo(referencia, id)) });
  const chaveRotulos = rotulos.map((r) => r.data ?? '').join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change only when their text does
  const todas = useMemo(() => {
    const extras = faltando.flatMap((id, i) => (rotulos[i]?.data ? [{ value: id, label: rotulos[i].data }] : []));
    return [...extras, ...opcoes];
  }, [chaveRotulos, opcoes]);
  const comum = {
    ...resto,
    options: todas,
    loading: q.isFetching,
    showSearch: { filterOption: false, onSearch: setBusca },
    // A refused lookup says so, never "no data" (a profile granting the form but not this list).
    notFoundContent: q.isFetching
      ? t('comum:app.carregando')
      : q.error instanceof ApiError && q.error.status === 403
        ? t('crud:opcoesRecusadas')
        : q.isError
          ? t('crud:opcoesComErro')
          : t('crud:semOpcoes'),
    style: { width: '100%', minWidth: 180, ...style },
  };
  if (mode === 'multiple')
    return <Select<number[]> {...comum} mode="multiple" value={escolhidos} onChange={(v) => onChange?.(v ?? [])} />;
  return (
    <Select<number>
      {...comum}
      value={typeof value === 'number' ? value : undefined}
      onChange={(v) => (onChange as PropsControle<number>['onChange'])?.(v ?? null)}
    />
  );
}

/** The absolute form path of a field beside the control's own (`['enderecos', 0, 'estadoId']`). */
export type CaminhoCampo = (campo: string) => (string | number)[];

/** A city select that offers only the cities of the state chosen beside it (all, before one is). */
export function SelectCidade({ campoEstado, ...resto }: PropsControle<number> & { campoEstado: (string | number)[] }) {
  const estadoId: unknown = Form.useWatch(campoEstado, { preserve: true });
  return (
    <SelectReferencia
      {...resto}
      referencia="cidade"
      filtros={typeof estadoId === 'number' ? { estadoId: String(estadoId) } : undefined}
    />
  );
}

/**
 * The CEP of an address: once its 8 digits are typed, the server's lookup fills the state and
 * city beside it (the Correios' ranges) and, with the online lookup on, an empty street and
 * neighbourhood. A CEP it does not know is said under the field; the address is typed by hand then.
 */
export function EntradaCep({ caminho, ...resto }: PropsControle<string> & { caminho: CaminhoCampo }) {
  const form = Form.useFormInstance();
  const [aviso, setAviso] = useState<string | null>(null);
  const consultado = useRef<string | null>(null);
  const preencher = async (cep: string) => {
    consultado.current = cep;
    try {
      const r = await dados(clienteDiscreto.GET('/api/cep/{cep}', { params: { path: { cep } } }));
      if (consultado.current !== cep) return;
      const estadoAntes: unknown = form.getFieldValue(caminho('estadoId'));
      form.setFieldValue(caminho('estadoId'), r.estadoId);
      if (r.cidadeId !== null) form.setFieldValue(caminho('cidadeId'), r.cidadeId);
      else if (estadoAntes !== r.estadoId) form.setFieldValue(caminho('cidadeId'), null);
      for (const [campo, valor] of [
        ['logradouro', r.logradouro],
        ['bairro', r.bairro],
      ] as const)
        if (valor && !form.getFieldValue(caminho(campo))) form.setFieldValue(caminho(campo), valor);
      setAviso(null);
    } catch (e) {
      if (consultado.current === cep) setAviso(mensagemDeErro(e));
    }
  };
  return (
    <>
      <EntradaMascarada
        {...resto}
        tipo="cep"
        onChange={(v) => {
          resto.onChange?.(v);
          const digitos = (v ?? '').replace(/\D/g, '');
          if (digitos.length === 8 && digitos !== consultado.current) void preencher(digitos);
          if (digitos.length < 8) {
            consultado.current = null;
            setAviso(null);
          }
        }}
      />
      {aviso && (
        <Typography.Text type="warning" data-testid="aviso-cep" aria-live="polite">
          {aviso}
        </Typography.Text>
      )}
    </>
  );
}

/**
 * CPF, CNPJ, CEP and phone typed through their mask (@brazilian-utils writes the separators as
 * the digits come), kept as the masked text; a complete CPF or CNPJ with wrong check digits is
 * marked at once (the form's rule names it on saving).
 */
export function EntradaMascarada({
  tipo,
  value,
  onChange,
  ...resto
}: PropsControle<string> & { tipo: TipoMascara; style?: React.CSSProperties }) {
  const texto = value ? formatarMascara(tipo, value) : '';
  return (
    <Input
      {...resto}
      inputMode="numeric"
      value={texto}
      status={digitosVerificadoresErrados(tipo, texto) ? 'error' : undefined}
      onChange={(e) => {
        const v = formatarMascara(tipo, e.target.value);
        onChange?.(v === '' ? null : v);
      }}
    />
  );
}

/**
 * A date in the user's language (`10/03/2099` in Portuguese, `03/10/2099` in English; the
 * calendar's month and day names from the app's dayjs locale): never ISO on screen. The form
 * holds the API's text (`2099-03-10`), or null.
 */
export function EntradaData({
  value,
  onChange,
  ...resto
}: PropsControle<string> & { style?: React.CSSProperties; minDate?: dayjs.Dayjs; maxDate?: dayjs.Dayjs }) {
  const { i18n: idioma } = useTranslation();
  return (
    <DatePicker
      {...resto}
      format={formatoData(idioma.language)}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
    />
  );
}

/** A time of day, `HH:mm`, picked in steps of five minutes or typed. */
export function EntradaHora({ value, onChange, ...resto }: PropsControle<string>) {
  return (
    <TimePicker
      {...resto}
      format="HH:mm"
      minuteStep={5}
      needConfirm={false}
      value={value ? dayjs(`2000-01-01T${value}`) : null}
      onChange={(d) => onChange?.(d ? d.format('HH:mm') : null)}
    />
  );
}

const vazioParaNulo = (v: unknown) => (v === '' || v === undefined ? null : v);

/** How a field's value goes in and out of its Form.Item (blanks as null, switches checked). */
export function propsItem(c: CampoCadastro): Partial<FormItemProps> {
  switch (c.tipo) {
    case 'booleano':
      return { valuePropName: 'checked' };
    case 'texto':
    case 'textoLongo':
    case 'telefone':
    case 'referencias':
      return {};
    default:
      return { normalize: vazioParaNulo };
  }
}

/**
 * The input of one declared field: its extension's when it names one (extensoes.tsx), else its
 * type's. Numbers take any value typed — the field's rule then names the §5 bound it breaks,
 * instead of the input silently clamping 150 % to 100 or month 13 to 12.
 */
export function controleCampo(c: CampoCadastro, idioma: string, caminho?: CaminhoCampo): ReactElement {
  const extensao = c.extensao && EXTENSOES[c.extensao].controle;
  if (extensao) return extensao(c);
  switch (c.tipo) {
    case 'textoLongo':
      return <Input.TextArea rows={4} maxLength={c.max ?? 4000} showCount />;
    case 'inteiro':
      return <InputNumber precision={0} inputMode="numeric" style={{ width: '100%', maxWidth: 240 }} />;
    case 'decimal':
      return (
        <InputNumber
          precision={1}
          step={0.1}
          decimalSeparator={idioma === 'en' ? '.' : ','}
          style={{ width: '100%', maxWidth: 240 }}
        />
      );
    case 'dinheiro':
      return <EntradaDinheiro idioma={idiomaDoDinheiro(idioma)} />;
    case 'data':
      return <EntradaData />;
    case 'hora':
      return <EntradaHora />;
    case 'booleano':
      return <Switch />;
    case 'opcao':
      return (
        <Select
          allowClear={!c.obrigatorio}
          options={(c.opcoes ?? []).map((o) => ({ value: o, label: i18n.t(rotuloOpcao(c, o), { defaultValue: o }) }))}
        />
      );
    case 'referencia': {
      const estado = caminho && c.referencia === 'cidade' ? campoEstadoDaCidade(c.nome) : null;
      if (caminho && estado) return <SelectCidade campoEstado={caminho(estado)} allowClear={!c.obrigatorio} />;
      return <SelectReferencia referencia={c.referencia as RecursoSelect} allowClear={!c.obrigatorio} />;
    }
    case 'referencias':
      return <SelectReferencia referencia={c.referencia as RecursoSelect} mode="multiple" allowClear />;
    case 'cep':
      if (caminho) return <EntradaCep caminho={caminho} />;
      return <EntradaMascarada tipo="cep" />;
    case 'cpf':
    case 'cnpj':
    case 'telefone':
      return <EntradaMascarada tipo={mascaraDoTipo(c.tipo)!} />;
    case 'email':
      return <Input type="email" maxLength={254} autoComplete="off" />;
    case 'url':
      return <Input type="url" maxLength={c.max ?? 500} />;
    default:
      return <Input maxLength={c.max ?? 200} />;
  }
}
