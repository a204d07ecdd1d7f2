import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { CampoCadastro, Paged } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMask } from 'react-imask';
import { useNavigate } from 'react-router';
import { api } from '../api';
import { useAutorizacao } from '../autorizacao';
import { mensagemDeErro } from '../formulario';
import { useTitulo } from '../useTitulo';
import { AcoesLinha } from './AcoesLinha';
import { ComGlifo, RotuloIcone, RotuloReferencia, SelectReferencia } from './controles';
import {
  caminhoForm,
  dataParaTela,
  definicaoDe,
  dinheiroParaTela,
  mascaraDe,
  type Registro,
  rotuloCampo,
  rotuloOpcao,
} from './definicao';
import { type Filtros, FiltrosSalvos } from './FiltrosSalvos';
import { ErroDaLista, TabelaDaLista } from './TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from './useListaNaUrl';

/** A filter value as the form holds it (the address keeps text). */
function valorDoFiltro(c: CampoCadastro, v: string): unknown {
  if (c.tipo === 'booleano') return v === 'true';
  if (c.tipo === 'referencia' || c.tipo === 'inteiro') return Number(v);
  return v;
}

const NS = ['campos', 'comum', 'crud', 'menu'] as const;

function celula(c: CampoCadastro, v: unknown, t: TFunction<typeof NS>, idioma: string): ReactNode {
  if (v === null || v === undefined || v === '') return '';
  switch (c.tipo) {
    case 'booleano':
      return v ? t('comum:sim') : t('comum:nao');
    case 'opcao': {
      const texto = t(rotuloOpcao(c, String(v)), { defaultValue: String(v) });
      return c.glifos ? <ComGlifo simbolo={String(v)} texto={texto} /> : texto;
    }
    case 'referencia':
      if (c.referencia === 'icones') return <RotuloIcone id={v} />;
      return <RotuloReferencia referencia={c.referencia ?? ''} id={v} />;
    case 'data':
      return dataParaTela(v, idioma);
    case 'dinheiro':
      return dinheiroParaTela(v, idioma);
    case 'decimal':
      return new Intl.NumberFormat(idioma === 'en' ? 'en-US' : 'pt-BR').format(Number(v));
    case 'cpf':
    case 'cnpj':
    case 'cep':
    case 'telefone': {
      const m = mascaraDe(c);
      return m ? IMask.pipe(String(v), { mask: m } as Parameters<typeof IMask.pipe>[1]) : String(v);
    }
    default:
      return String(v);
  }
}

function controleFiltro(c: CampoCadastro, t: TFunction<typeof NS>): ReactNode {
  const rotulo = t(rotuloCampo(c));
  switch (c.tipo) {
    case 'booleano':
      return (
        <Select
          allowClear
          style={{ minWidth: 140 }}
          placeholder={t('crud:todos')}
          options={[
            { value: true, label: t('comum:sim') },
            { value: false, label: t('comum:nao') },
          ]}
        />
      );
    case 'opcao':
      return (
        <Select
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('crud:todos')}
          options={(c.opcoes ?? []).map((o) => ({ value: o, label: t(rotuloOpcao(c, o), { defaultValue: o }) }))}
        />
      );
    case 'referencia':
      return <SelectReferencia referencia={c.referencia ?? ''} allowClear placeholder={t('crud:todos')} />;
    case 'inteiro':
      return <InputNumber precision={0} style={{ width: 140 }} />;
    default:
      return <Input allowClear maxLength={c.max ?? 200} placeholder={rotulo} />;
  }
}

/**
 * The list of a declared registry (issue "CRUD engine"): server paging, sorting and filters kept
 * in the address (so returning from a form keeps them), saved filters, export and row actions by
 * permission.
 */
export default function ListaCadastro({ recurso }: { recurso: string }) {
  const def = definicaoDe(recurso);
  const { t, i18n } = useTranslation(NS);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const titulo = `menu:acessos.${def.acesso}` as const;
  useTitulo(titulo);

  const camposFiltro = useMemo(() => def.campos.filter((c) => c.filtro), [def]);
  const lista = useListaNaUrl();
  const { params, pagina, quantidade, mudar } = lista;
  const { ordenarPor, ordem } = lista;
  // A stable text key, so the filters object only changes when a filter value does.
  const chaveFiltros = JSON.stringify(
    camposFiltro.flatMap((c) => {
      const v = params.get(c.nome);
      return v ? [[c.nome, v]] : [];
    }),
  );
  const filtros = useMemo<Filtros>(
    () => Object.fromEntries(JSON.parse(chaveFiltros) as [string, string][]),
    [chaveFiltros],
  );
  const [semFiltrosIniciais] = useState(() => Object.keys(filtros).length === 0);

  // The filter bar follows the address (a saved filter or a return from the form changes it).
  useEffect(() => {
    const v: Record<string, unknown> = {};
    for (const c of camposFiltro)
      v[c.nome] = filtros[c.nome] === undefined ? undefined : valorDoFiltro(c, filtros[c.nome]);
    form.setFieldsValue(v);
  }, [filtros, camposFiltro, form]);

  const aplicarFiltros = useCallback(
    (f: Record<string, unknown>) => {
      const novos: Record<string, string | undefined> = { pagina: undefined };
      for (const c of camposFiltro) {
        const v = f[c.nome];
        novos[c.nome] = v === null || v === undefined ? undefined : String(v);
      }
      mudar(novos);
    },
    [camposFiltro, mudar],
  );

  const buscar = (valores: Record<string, unknown>) => {
    const f: Filtros = {};
    for (const c of camposFiltro) {
      const v = valores[c.nome];
      if (v !== null && v !== undefined && String(v).trim() !== '') f[c.nome] = String(v).trim();
    }
    aplicarFiltros(f);
  };

  const consulta = { pagina, quantidade, ordenarPor, ordem, ...filtros };
  const q = useQuery({
    queryKey: ['crud', recurso, 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<Registro>>(`${recurso}/paginado`, consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
  });

  usePaginaValida(lista, q.data?.total);

  const voltar = { voltar: `?${params.toString()}` };
  const excluir = async (id: number) => {
    try {
      await api.delete(recurso, id);
      void message.success(t('comum:excluidoComSucesso'));
      await qc.invalidateQueries({ queryKey: ['crud', recurso] });
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  const exportar = async (formato: 'csv' | 'xlsx') => {
    try {
      await api.baixar(`${recurso}/exportar`, { formato, ordenarPor, ordem, ...filtros }, `${recurso}.${formato}`);
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  const podeEditar = pode(def.acesso, 'U');
  const podeExcluir = pode(def.acesso, 'D');
  const colunas: ColumnsType<Registro> = [
    ...def.campos
      .filter((c) => c.lista)
      .map((c) => ({
        key: c.nome,
        dataIndex: c.nome,
        title: t(rotuloCampo(c)),
        sorter: !!c.ordenavel,
        sortOrder:
          c.ordenavel && ordenarPor === c.nome ? (ordem === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
        render: (v: unknown) => celula(c, v, t, i18n.language),
      })),
    ...(def.porOrganizacao
      ? [{ key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('crud:organizacao') }]
      : []),
    {
      key: 'acoes',
      title: t('comum:acoes'),
      width: 150,
      render: (_: unknown, r: Registro) => (
        <AcoesLinha
          aoVisualizar={() => navegar(caminhoForm(def, r.id, true), { state: voltar })}
          // Rows shared from an organization above are read-only here (the server refuses them too).
          aoEditar={
            podeEditar && !r.somenteLeitura ? () => navegar(caminhoForm(def, r.id), { state: voltar }) : undefined
          }
          aoExcluir={podeExcluir && !r.somenteLeitura ? () => excluir(r.id) : undefined}
        />
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(titulo)}
        </Typography.Title>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('csv')}>
            {t('crud:exportarCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('xlsx')}>
            {t('crud:exportarXlsx')}
          </Button>
          {pode(def.acesso, 'C') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="novo"
              onClick={() => navegar(caminhoForm(def), { state: voltar })}
            >
              {t('comum:novo')}
            </Button>
          )}
        </Space>
      </Space>
      {camposFiltro.length > 0 && (
        <Card
          size="small"
          title={t('comum:filtros')}
          data-testid="filtros"
          extra={
            <FiltrosSalvos
              acesso={def.acesso}
              atuais={filtros}
              aplicar={aplicarFiltros}
              semFiltrosIniciais={semFiltrosIniciais}
            />
          }
        >
          <Form form={form} name="filtros" layout="inline" onFinish={buscar} style={{ rowGap: 12 }}>
            {camposFiltro.map((c) => (
              <Form.Item key={c.nome} name={c.nome} label={t(rotuloCampo(c))}>
                {controleFiltro(c, t)}
              </Form.Item>
            ))}
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
      )}
      <ErroDaLista erro={q.error} />
      <TabelaDaLista<Registro> consulta={q} lista={lista} columns={colunas} />
    </Space>
  );
}
