import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type Paged,
  type PessoaResumo,
  pessoaListQuery,
  type SelectOpcao,
  STATUS_PESSOA,
} from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Row, Select, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { controleCampo, EntradaMascarada, propsItem, SelectReferencia } from '../../platform/crud/controles';
import { dataParaTela } from '../../platform/crud/definicao';
import { type Filtros, FiltrosSalvos } from '../../platform/crud/FiltrosSalvos';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { mensagemDeErro, validarCaminho } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO, caminhoFormPessoa, formatarCpf, MASCARA_CPF, RECURSO, useRegrasCampos } from './comum';

/** The list's filters as the address keeps them (lists as comma-separated text). */
const FILTROS = [
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
type Filtro = (typeof FILTROS)[number];
const LISTAS: readonly Filtro[] = ['tiposPessoaIds', 'status'];
const NUMEROS: readonly Filtro[] = ['situacaoId', 'organizacaoId'];
const SIM_NAO: readonly Filtro[] = ['somenteMinhaOrganizacao', 'titular', 'preCadastro', 'cadastroCompleto'];
const ORDENAVEIS = ['nome', 'dataNascimento'];
const DATA_DE = { nome: 'nascimentoDe', tipo: 'data' } as const;
const DATA_ATE = { nome: 'nascimentoAte', tipo: 'data' } as const;

/** Address text → filter-bar value. */
function paraFormulario(f: Filtros): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const c of FILTROS) {
    const x = f[c];
    if (x === undefined) v[c] = c === 'somenteMinhaOrganizacao' ? false : undefined;
    else if (LISTAS.includes(c)) v[c] = x.split(',').map((i) => (c === 'status' ? i : Number(i)));
    else if (NUMEROS.includes(c)) v[c] = Number(x);
    else if (SIM_NAO.includes(c)) v[c] = x === 'true';
    else v[c] = x;
  }
  return v;
}

/** Filter-bar value (or a saved filter, whose values may come from another client) → address text. */
function paraEndereco(c: Filtro, v: unknown): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (Array.isArray(v)) return v.length ? v.join(',') : undefined;
  // "Only my organization" off is no filter at all.
  if (c === 'somenteMinhaOrganizacao' && String(v) !== 'true') return undefined;
  if (c === 'cpf') return String(v).replace(/\D/g, '') || undefined;
  return String(v).trim() || undefined;
}

const simNao = (t: TFunction) => (
  <Select
    allowClear
    placeholder={t('crud.todos')}
    options={[
      { value: true, label: t('comum.sim') },
      { value: false, label: t('comum.nao') },
    ]}
  />
);

/**
 * The people list (spec §2 /pessoa): filters by name (any part, accents ignored), CPF, types,
 * status, situation, organization, holder, birth range and registration state; server paging
 * and sorting kept in the address; saved filters; export of the filtered set.
 */
export default function PessoaListaPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  useTitulo(`menu:acessos.${ACESSO}`);
  const campos = useRegrasCampos();

  const lista = useListaNaUrl(ORDENAVEIS);
  const { params, pagina, quantidade, mudar, ordenarPor, ordem } = lista;
  const chaveFiltros = JSON.stringify(
    FILTROS.flatMap((c) => {
      const v = params.get(c);
      return v ? [[c, v]] : [];
    }),
  );
  const filtros = useMemo<Filtros>(
    () => Object.fromEntries(JSON.parse(chaveFiltros) as [string, string][]),
    [chaveFiltros],
  );
  const [semFiltrosIniciais] = useState(() => Object.keys(filtros).length === 0);

  useEffect(() => {
    form.setFieldsValue(paraFormulario(filtros));
  }, [filtros, form]);

  const aplicarFiltros = useCallback(
    (f: Record<string, unknown>) => {
      const novos: Record<string, string | undefined> = { pagina: undefined };
      for (const c of FILTROS) novos[c] = paraEndereco(c, f[c]);
      mudar(novos);
    },
    [mudar],
  );

  const consulta = { pagina, quantidade, ordenarPor, ordem, ...filtros };
  const q = useQuery({
    queryKey: ['crud', RECURSO, 'paginado', consulta],
    queryFn: ({ signal }) =>
      api.get<Paged<PessoaResumo> & { totalExato: boolean }>(`${RECURSO}/paginado`, consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
  });
  usePaginaValida(lista, q.data?.total);

  const tipos = useQuery({
    queryKey: ['crud', 'tipo-pessoa', 'select', ''],
    queryFn: ({ signal }) =>
      api.get<SelectOpcao[]>('tipo-pessoa/select', { busca: '' }, { sinal: signal, semCarga: true }),
    staleTime: 60_000,
  });

  const voltar = { voltar: `?${params.toString()}` };
  const excluir = async (id: number) => {
    try {
      await api.delete(RECURSO, id);
      void message.success(t('comum.excluidoComSucesso'));
      await qc.invalidateQueries({ queryKey: ['crud', RECURSO] });
    } catch (e) {
      void message.error(mensagemDeErro(e, t));
    }
  };

  const exportar = async (formato: 'csv' | 'xlsx') => {
    try {
      await api.baixar(`${RECURSO}/exportar`, { formato, ordenarPor, ordem, ...filtros }, `pessoas.${formato}`);
    } catch (e) {
      void message.error(mensagemDeErro(e, t));
    }
  };

  const numero = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR');
  const tabela = lista.propsTabela<PessoaResumo>(q.data?.total, t);
  // Past 10,000 matches the server stops counting: the total reads "10.000+".
  const pagination = {
    ...tabela.pagination,
    showTotal: (n: number) => t('comum.total', { n: `${numero.format(n)}${q.data?.totalExato === false ? '+' : ''}` }),
  };

  const ordenacao = (campo: string) =>
    ordenarPor === campo ? (ordem === 'desc' ? ('descend' as const) : ('ascend' as const)) : null;
  const colunas: ColumnsType<PessoaResumo> = [
    {
      key: 'nome',
      dataIndex: 'nome',
      title: t('campos:nome'),
      sorter: true,
      sortOrder: ordenacao('nome'),
      render: (_: unknown, r) => `${r.nome} ${r.sobrenome}`.trim(),
    },
    ...(campos.oculto('cpf')
      ? []
      : [{ key: 'cpf', dataIndex: 'cpf', title: t('campos:cpf'), render: (v: string | null) => formatarCpf(v) }]),
    {
      key: 'dataNascimento',
      dataIndex: 'dataNascimento',
      title: t('campos:dataNascimento'),
      sorter: true,
      sortOrder: ordenacao('dataNascimento'),
      render: (v: string | null) => dataParaTela(v, i18n.language),
    },
    { key: 'tipo', dataIndex: 'tipoPessoaNome', title: t('campos:tipoPessoaId') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('campos:status'),
      render: (v: string) => t(`campos:opcao.status.${v}`, { defaultValue: v }),
    },
    { key: 'organizacao', dataIndex: 'organizacaoNome', title: t('campos:organizacaoId') },
    {
      key: 'acoes',
      title: t('comum.acoes'),
      width: 150,
      render: (_: unknown, r) => (
        <AcoesLinha
          aoVisualizar={() => navegar(caminhoFormPessoa(r.id, true), { state: voltar })}
          aoEditar={pode(ACESSO, 'U') ? () => navegar(caminhoFormPessoa(r.id), { state: voltar }) : undefined}
          aoExcluir={pode(ACESSO, 'D') ? () => excluir(r.id) : undefined}
        />
      ),
    },
  ];

  const col = { xs: 24, sm: 12, lg: 8, xl: 6 };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO}`)}
        </Typography.Title>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('csv')}>
            {t('crud.exportarCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('xlsx')}>
            {t('crud.exportarXlsx')}
          </Button>
          {pode(ACESSO, 'C') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="novo"
              onClick={() => navegar(caminhoFormPessoa(), { state: voltar })}
            >
              {t('comum.novo')}
            </Button>
          )}
        </Space>
      </Space>
      <Card
        size="small"
        title={t('comum.filtros')}
        data-testid="filtros"
        extra={
          <FiltrosSalvos
            acesso={ACESSO}
            atuais={filtros}
            aplicar={aplicarFiltros}
            semFiltrosIniciais={semFiltrosIniciais}
          />
        }
      >
        <Form form={form} name="filtros" layout="vertical" onFinish={aplicarFiltros}>
          <Row gutter={16}>
            <Col {...col}>
              <Form.Item name="nome" label={t('campos:nome')}>
                <Input allowClear maxLength={200} placeholder={t('pessoa.buscaDica')} />
              </Form.Item>
            </Col>
            {!campos.oculto('cpf') && (
              <Col {...col}>
                <Form.Item name="cpf" label={t('campos:cpf')}>
                  <EntradaMascarada mascara={MASCARA_CPF} allowClear />
                </Form.Item>
              </Col>
            )}
            <Col {...col}>
              <Form.Item name="tiposPessoaIds" label={t('campos:tiposPessoaIds')}>
                <Select
                  mode="multiple"
                  allowClear
                  placeholder={t('crud.todos')}
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
                  placeholder={t('crud.todos')}
                  options={STATUS_PESSOA.map((s) => ({ value: s, label: t(`campos:opcao.status.${s}`) }))}
                />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="situacaoId" label={t('campos:situacaoId')}>
                <SelectReferencia referencia="situacao" allowClear placeholder={t('crud.todos')} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item name="organizacaoId" label={t('campos:organizacaoId')}>
                <SelectReferencia referencia="organizacao" allowClear placeholder={t('crud.todos')} />
              </Form.Item>
            </Col>
            <Col {...col}>
              <Form.Item
                name="somenteMinhaOrganizacao"
                label={t('campos:somenteMinhaOrganizacao')}
                valuePropName="checked"
              >
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
                {controleCampo(DATA_DE, i18n.language, t)}
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
                        t,
                      ),
                  }),
                ]}
                {...propsItem(DATA_ATE)}
              >
                {controleCampo(DATA_ATE, i18n.language, t)}
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
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {t('comum.buscar')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                aplicarFiltros({});
              }}
            >
              {t('comum.limpar')}
            </Button>
          </Space>
        </Form>
      </Card>
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error, t)} />}
      <Table<PessoaResumo>
        rowKey="id"
        columns={colunas}
        dataSource={q.data?.itens ?? []}
        loading={q.isFetching}
        locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
        scroll={{ x: 'max-content' }}
        {...tabela}
        pagination={pagination}
      />
    </Space>
  );
}
