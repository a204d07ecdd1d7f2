import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { Paged, PessoaResumo } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { dataParaTela } from '../../platform/crud/definicao';
import { type Filtros, FiltrosSalvos } from '../../platform/crud/FiltrosSalvos';
import { ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO, caminhoFormPessoa, formatarCpf, RECURSO, useRegrasCampos } from './comum';
import { consultaFiltrosPessoa, FILTROS_PESSOA, FiltrosPessoa, filtrosParaFormulario } from './FiltrosPessoa';

const ORDENAVEIS = ['nome', 'dataNascimento'];

/**
 * The people list (spec §2 /pessoa): filters by name (any part, accents ignored), CPF, types,
 * status, situation, organization, holder, birth range and registration state; server paging
 * and sorting kept in the address; saved filters; export of the filtered set.
 */
export default function PessoaListaPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'menu']);
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
    FILTROS_PESSOA.flatMap((c) => {
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
    form.setFieldsValue(filtrosParaFormulario(filtros));
  }, [filtros, form]);

  const aplicarFiltros = useCallback(
    (f: Record<string, unknown>) => mudar({ pagina: undefined, ...consultaFiltrosPessoa(f) }),
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

  const voltar = { voltar: `?${params.toString()}` };
  const excluir = async (id: number) => {
    try {
      await api.delete(RECURSO, id);
      void message.success(t('comum:excluidoComSucesso'));
      await qc.invalidateQueries({ queryKey: ['crud', RECURSO] });
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  const exportar = async (formato: 'csv' | 'xlsx') => {
    try {
      await api.baixar(`${RECURSO}/exportar`, { formato, ordenarPor, ordem, ...filtros }, `pessoas.${formato}`);
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  const numero = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR');
  const tabela = lista.propsTabela<PessoaResumo>(q.data?.total);
  // Past its cap (1,000 matches of a name, 10,000 with other filters) the server stops counting:
  // "1.000+". A list by organization alone has its exact total.
  const pagination = {
    ...tabela.pagination,
    showTotal: (n: number) => t('comum:total', { n: `${numero.format(n)}${q.data?.totalExato === false ? '+' : ''}` }),
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
      title: t('comum:acoes'),
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

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO}`)}
        </Typography.Title>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('csv')}>
            {t('crud:exportarCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('xlsx')}>
            {t('crud:exportarXlsx')}
          </Button>
          {pode(ACESSO, 'C') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="novo"
              onClick={() => navegar(caminhoFormPessoa(), { state: voltar })}
            >
              {t('comum:novo')}
            </Button>
          )}
        </Space>
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
        <Form form={form} name="filtros" layout="vertical" onFinish={aplicarFiltros}>
          <FiltrosPessoa />
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
      <TabelaDaLista<PessoaResumo> consulta={q} lista={lista} columns={colunas} pagination={pagination} />
    </Space>
  );
}
