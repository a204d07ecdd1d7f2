import { pessoaListQuery, type SelectOpcao, STATUS_PESSOA } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { controleCampo, EntradaMascarada, propsItem, SelectReferencia } from '../../platform/crud/controles';
import type { Filtros } from '../../platform/crud/FiltrosSalvos';
import { validarCaminho } from '../../platform/formulario';
import { useRegrasCampos } from './comum';

/** The people filters as the API reads them (and the list's address keeps them): lists as comma-separated text. */
export const FILTROS_PESSOA = [
  'nome',
  'cpf',
  'tiposPessoaIds',
  'status',
  'situacaoId',
  'organizacaoId',
  'somenteMinhaOrganizacao',
  'titular',
  'nascimentoDe',
  'nascimentoAte',
  'preCadastro',
  'cadastroCompleto',
] as const;
export type FiltroPessoa = (typeof FILTROS_PESSOA)[number];
const LISTAS: readonly FiltroPessoa[] = ['tiposPessoaIds', 'status'];
const NUMEROS: readonly FiltroPessoa[] = ['situacaoId', 'organizacaoId'];
const SIM_NAO: readonly FiltroPessoa[] = ['somenteMinhaOrganizacao', 'titular', 'preCadastro', 'cadastroCompleto'];
const DATA_DE = { nome: 'nascimentoDe', tipo: 'data' } as const;
const DATA_ATE = { nome: 'nascimentoAte', tipo: 'data' } as const;

/** Filter text (the address, a query) → filter-bar value. */
export function filtrosParaFormulario(f: Filtros): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const c of FILTROS_PESSOA) {
    const x = f[c];
    if (x === undefined) v[c] = c === 'somenteMinhaOrganizacao' ? false : undefined;
    else if (LISTAS.includes(c)) v[c] = x.split(',').map((i) => (c === 'status' ? i : Number(i)));
    else if (NUMEROS.includes(c)) v[c] = Number(x);
    else if (SIM_NAO.includes(c)) v[c] = x === 'true';
    else v[c] = x;
  }
  return v;
}

/** One filter-bar value (or a saved filter's, whose values may come from another client) → filter text. */
function filtroParaTexto(c: FiltroPessoa, v: unknown): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (Array.isArray(v)) return v.length ? v.join(',') : undefined;
  // "Only my organization" off is no filter at all.
  if (c === 'somenteMinhaOrganizacao' && String(v) !== 'true') return undefined;
  if (c === 'cpf') return String(v).replace(/\D/g, '') || undefined;
  return String(v).trim() || undefined;
}

/** Filter-bar values → the API's query, every filter present (undefined when empty, so an address can drop it). */
export function consultaFiltrosPessoa(valores: Record<string, unknown>): Record<FiltroPessoa, string | undefined> {
  return Object.fromEntries(FILTROS_PESSOA.map((c) => [c, filtroParaTexto(c, valores[c])])) as Record<
    FiltroPessoa,
    string | undefined
  >;
}

/** The namespaces of the people filters. */
const NS = ['campos', 'comum', 'crud', 'pessoas'] as const;

const simNao = (t: TFunction<typeof NS>) => (
  <Select
    allowClear
    placeholder={t('crud:todos')}
    options={[
      { value: true, label: t('comum:sim') },
      { value: false, label: t('comum:nao') },
    ]}
  />
);

/**
 * The people filters (name in any part, accents ignored; CPF; types; status; situation;
 * organization; holder; birth range; registration state) as form items, to place inside the
 * caller's antd Form: the people list, the labels and the people report share them. A CPF the
 * profile may not see is not offered.
 */
export function FiltrosPessoa() {
  const { t, i18n } = useTranslation(NS);
  const campos = useRegrasCampos();
  const tipos = useQuery({
    queryKey: ['crud', 'tipo-pessoa', 'select', ''],
    queryFn: ({ signal }) =>
      api.get<SelectOpcao[]>('tipo-pessoa/select', { busca: '' }, { sinal: signal, semCarga: true }),
    staleTime: 60_000,
  });

  const col = { xs: 24, sm: 12, lg: 8, xl: 6 };
  return (
    <Row gutter={16}>
      <Col {...col}>
        <Form.Item name="nome" label={t('campos:nome')}>
          <Input allowClear maxLength={200} placeholder={t('pessoas:buscaDica')} />
        </Form.Item>
      </Col>
      {!campos.oculto('cpf') && (
        <Col {...col}>
          <Form.Item name="cpf" label={t('campos:cpf')}>
            <EntradaMascarada tipo="cpf" allowClear />
          </Form.Item>
        </Col>
      )}
      <Col {...col}>
        <Form.Item name="tiposPessoaIds" label={t('campos:tiposPessoaIds')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('crud:todos')}
            loading={tipos.isFetching}
            options={tipos.data ?? []}
            optionFilterProp="label"
          />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="status" label={t('campos:status')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('crud:todos')}
            options={STATUS_PESSOA.map((s) => ({ value: s, label: t(`campos:opcao.status.${s}`) }))}
          />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="situacaoId" label={t('campos:situacaoId')}>
          <SelectReferencia referencia="situacao" allowClear placeholder={t('crud:todos')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="organizacaoId" label={t('campos:organizacaoId')}>
          <SelectReferencia referencia="organizacao" allowClear placeholder={t('crud:todos')} />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="somenteMinhaOrganizacao" label={t('campos:somenteMinhaOrganizacao')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="titular" label={t('campos:titular')}>
          {simNao(t)}
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="nascimentoDe" label={t('campos:nascimentoDe')} {...propsItem(DATA_DE)}>
          {controleCampo(DATA_DE, i18n.language)}
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item
          name="nascimentoAte"
          label={t('campos:nascimentoAte')}
          dependencies={['nascimentoDe']}
          // The same rule and message as the server: the end may not come before the start.
          rules={[
            ({ getFieldValue }) => ({
              validator: () =>
                validarCaminho(
                  pessoaListQuery,
                  {
                    nascimentoDe: getFieldValue('nascimentoDe') ?? undefined,
                    nascimentoAte: getFieldValue('nascimentoAte') ?? undefined,
                  },
                  'nascimentoAte',
                ),
            }),
          ]}
          {...propsItem(DATA_ATE)}
        >
          {controleCampo(DATA_ATE, i18n.language)}
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="preCadastro" label={t('campos:preCadastro')}>
          {simNao(t)}
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item name="cadastroCompleto" label={t('campos:cadastroCompleto')}>
          {simNao(t)}
        </Form.Item>
      </Col>
    </Row>
  );
}
