import { PlusOutlined } from '@ant-design/icons';
import { type OrganizacaoResumo, type Paged, SITUACOES_ORGANIZACAO } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { SelectReferencia } from '../../platform/crud/controles';
import { type Filtros, FiltrosSalvos } from '../../platform/crud/FiltrosSalvos';
import { ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO, caminhoFormOrganizacao, formatarCnpj, RECURSO } from './comum';

const FILTROS = ['busca', 'tipoOrganizacaoId', 'situacao', 'cnpj'] as const;
const ORDENAVEIS = ['nomeFantasia', 'razaoSocial'];

/** The organization registry list (spec §2 /organizacao): server paging, filters and sorting in the address. */
export default function OrganizacaoListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'crud', 'menu', 'organizacoes']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  useTitulo(`menu:acessos.${ACESSO}`);

  const lista = useListaNaUrl(ORDENAVEIS);
  const { params, pagina, quantidade, mudar } = lista;
  const { ordenarPor, ordem } = lista;
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
    form.setFieldsValue({
      busca: filtros.busca,
      tipoOrganizacaoId: filtros.tipoOrganizacaoId === undefined ? undefined : Number(filtros.tipoOrganizacaoId),
      situacao: filtros.situacao,
      cnpj: filtros.cnpj,
    });
  }, [filtros, form]);

  const aplicarFiltros = useCallback(
    (f: Record<string, unknown>) => {
      const novos: Record<string, string | undefined> = { pagina: undefined };
      for (const c of FILTROS) {
        const v = f[c];
        novos[c] = v === null || v === undefined || String(v).trim() === '' ? undefined : String(v).trim();
      }
      mudar(novos);
    },
    [mudar],
  );

  const consulta = { pagina, quantidade, ordenarPor, ordem, ...filtros };
  const q = useQuery({
    queryKey: [RECURSO, 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<OrganizacaoResumo>>(`${RECURSO}/paginado`, consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
  });

  usePaginaValida(lista, q.data?.total);

  const voltar = { voltar: `?${params.toString()}` };
  const excluir = async (id: number) => {
    try {
      await api.delete(RECURSO, id);
      void message.success(t('comum:excluidoComSucesso'));
      await qc.invalidateQueries({ queryKey: [RECURSO] });
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  const situacoes = SITUACOES_ORGANIZACAO.map((s) => ({ value: s, label: t(`organizacoes:situacoes.${s}`) }));
  const ordenacao = (campo: string) =>
    ordenarPor === campo ? (ordem === 'desc' ? ('descend' as const) : ('ascend' as const)) : null;
  const colunas: ColumnsType<OrganizacaoResumo> = [
    {
      key: 'nomeFantasia',
      dataIndex: 'nomeFantasia',
      title: t('campos:nomeFantasia'),
      sorter: true,
      sortOrder: ordenacao('nomeFantasia'),
    },
    {
      key: 'razaoSocial',
      dataIndex: 'razaoSocial',
      title: t('campos:razaoSocial'),
      sorter: true,
      sortOrder: ordenacao('razaoSocial'),
    },
    { key: 'cnpj', dataIndex: 'cnpj', title: t('campos:cnpj'), render: (v: string | null) => formatarCnpj(v) },
    { key: 'tipo', dataIndex: 'tipoOrganizacaoNome', title: t('campos:tipoOrganizacaoId') },
    {
      key: 'situacao',
      dataIndex: 'situacao',
      title: t('campos:situacao'),
      render: (v: string) => t(`organizacoes:situacoes.${v}`, { defaultValue: v }),
    },
    { key: 'superior', dataIndex: 'organizacaoPaiNome', title: t('campos:organizacaoPaiId') },
    {
      key: 'acoes',
      title: t('comum:acoes'),
      width: 150,
      render: (_: unknown, r: OrganizacaoResumo) => (
        <AcoesLinha
          aoVisualizar={() => navegar(caminhoFormOrganizacao(r.id, true), { state: voltar })}
          aoEditar={pode(ACESSO, 'U') ? () => navegar(caminhoFormOrganizacao(r.id), { state: voltar }) : undefined}
          aoExcluir={pode(ACESSO, 'D') ? () => excluir(r.id) : undefined}
        />
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO}`)}
        </Typography.Title>
        {pode(ACESSO, 'C') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="novo"
            onClick={() => navegar(caminhoFormOrganizacao(), { state: voltar })}
          >
            {t('comum:novo')}
          </Button>
        )}
      </Space>
      <Card
        size="small"
        title={t('comum:filtros')}
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
        <Form form={form} name="filtros" layout="inline" onFinish={aplicarFiltros} style={{ rowGap: 12 }}>
          <Form.Item name="busca" label={t('campos:busca')}>
            <Input allowClear maxLength={100} placeholder={t('organizacoes:buscaDica')} />
          </Form.Item>
          <Form.Item name="tipoOrganizacaoId" label={t('campos:tipoOrganizacaoId')}>
            <SelectReferencia referencia="tipo-organizacao" allowClear placeholder={t('crud:todos')} />
          </Form.Item>
          <Form.Item name="situacao" label={t('campos:situacao')}>
            <Select allowClear style={{ minWidth: 160 }} placeholder={t('crud:todos')} options={situacoes} />
          </Form.Item>
          <Form.Item name="cnpj" label={t('campos:cnpj')}>
            <Input allowClear maxLength={20} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {t('comum:buscar')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                aplicarFiltros({});
              }}
            >
              {t('comum:limpar')}
            </Button>
          </Space>
        </Form>
      </Card>
      <ErroDaLista erro={q.error} />
      <TabelaDaLista<OrganizacaoResumo> consulta={q} lista={lista} columns={colunas} />
    </Space>
  );
}
