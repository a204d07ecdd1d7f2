import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type AtendimentoResumo,
  type FilaAtendimento,
  type Paged,
  PERIODO_CONFIRMACAO_DIAS,
  type SelectOpcao,
  STATUS_ATENDIMENTO,
} from '@sig/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, Row, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { formatoData } from '../../platform/crud/definicao';
import { ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { mensagemDeErro } from '../../platform/formulario';
import { ComGlifo } from '../../platform/Glifo';
import { useTitulo } from '../../platform/useTitulo';
import { COR_STATUS, caminhoEdicao, FILAS, NS, useHubAtendimentos, useRegrasCampos } from './comum';

const FILTROS = ['busca', 'status', 'categoriaAtendimentoId', 'periodoDe', 'periodoAte'] as const;
const ORDENAVEIS = ['protocolo', 'assunto', 'status', 'criadoEm'];

type ValoresFiltro = {
  busca?: string;
  status?: string;
  categoriaAtendimentoId?: number;
  periodo?: [Dayjs | null, Dayjs | null] | null;
};

/**
 * One queue of service tickets (spec §2): search by protocol or subject, status, category and
 * period (over 30 days asks first, spec §5); server paging and sort kept in the address;
 * export of the filtered set; refreshed live through the hub.
 */
export default function AtendimentoListaPage({ fila }: { fila: FilaAtendimento }) {
  const { t, i18n } = useTranslation(NS);
  const { message, modal } = App.useApp();
  const { pode } = useAutorizacao();
  const regras = useRegrasCampos(fila);
  const navegar = useNavigate();
  const [form] = Form.useForm<ValoresFiltro>();
  const config = FILAS[fila];
  useTitulo(`menu:acessos.${config.acesso}`);
  useHubAtendimentos();

  const lista = useListaNaUrl(ORDENAVEIS);
  const { params, pagina, quantidade, mudar, ordenarPor, ordem } = lista;
  const chave = FILTROS.map((f) => params.get(f) ?? '').join('|');
  const filtros = useMemo(() => {
    const valores = chave.split('|');
    return Object.fromEntries(FILTROS.flatMap((f, i) => (valores[i] ? [[f, valores[i]]] : [])));
  }, [chave]);

  useEffect(() => {
    form.setFieldsValue({
      busca: filtros.busca,
      status: filtros.status,
      categoriaAtendimentoId: filtros.categoriaAtendimentoId ? Number(filtros.categoriaAtendimentoId) : undefined,
      periodo:
        filtros.periodoDe || filtros.periodoAte
          ? [filtros.periodoDe ? dayjs(filtros.periodoDe) : null, filtros.periodoAte ? dayjs(filtros.periodoAte) : null]
          : null,
    });
  }, [filtros, form]);

  const categorias = useQuery({
    queryKey: ['atendimentos', fila, 'categorias'],
    queryFn: () => api.get<SelectOpcao[]>(`${fila}/categorias`),
  });

  const consulta = { pagina, quantidade, ordenarPor, ordem, ...filtros };
  const q = useQuery({
    queryKey: ['atendimentos', fila, 'paginado', consulta],
    queryFn: ({ signal }) =>
      api.get<Paged<AtendimentoResumo> & { totalExato: boolean }>(`${fila}/paginado`, consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
  });
  usePaginaValida(lista, q.data?.total);

  const aplicar = (v: ValoresFiltro) => {
    const [de, ate] = v.periodo ?? [null, null];
    const novos = {
      pagina: undefined,
      busca: v.busca?.trim() || undefined,
      status: v.status,
      categoriaAtendimentoId: v.categoriaAtendimentoId ? String(v.categoriaAtendimentoId) : undefined,
      periodoDe: de?.format('YYYY-MM-DD'),
      periodoAte: ate?.format('YYYY-MM-DD'),
    };
    if (de && ate && ate.diff(de, 'day') > PERIODO_CONFIRMACAO_DIAS) {
      modal.confirm({
        title: t('atendimentos:periodoLongo', { dias: PERIODO_CONFIRMACAO_DIAS }),
        okText: t('comum:confirmar'),
        cancelText: t('comum:cancelar'),
        onOk: () => mudar(novos),
      });
      return;
    }
    mudar(novos);
  };

  const exportar = async (formato: 'csv' | 'xlsx') => {
    try {
      await api.baixar(`${fila}/exportar`, { formato, ...filtros }, `${fila}.${formato}`);
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  const tabela = lista.propsTabela<AtendimentoResumo>(q.data?.total);
  const numero = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR');
  // Past 10,000 tickets the server stops counting: the total reads "10.000+".
  const pagination = {
    ...tabela.pagination,
    showTotal: (n: number) => t('comum:total', { n: `${numero.format(n)}${q.data?.totalExato === false ? '+' : ''}` }),
  };
  const voltar = { voltar: `?${params.toString()}` };
  const ordenacao = (campo: string) =>
    ordenarPor === campo ? (ordem === 'desc' ? ('descend' as const) : ('ascend' as const)) : null;
  const quando = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const colunas: ColumnsType<AtendimentoResumo> = [
    {
      key: 'protocolo',
      dataIndex: 'protocolo',
      title: t('atendimentos:coluna.protocolo'),
      sorter: true,
      sortOrder: ordenacao('protocolo'),
    },
    {
      key: 'assunto',
      dataIndex: 'assunto',
      title: t('atendimentos:coluna.assunto'),
      sorter: true,
      sortOrder: ordenacao('assunto'),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('atendimentos:coluna.status'),
      sorter: true,
      sortOrder: ordenacao('status'),
      render: (v: AtendimentoResumo['status']) => <Tag color={COR_STATUS[v]}>{t(`atendimentos:status.${v}`)}</Tag>,
    },
    {
      key: 'categoria',
      dataIndex: 'categoriaNome',
      title: t('atendimentos:coluna.categoria'),
      render: (v: string, l: AtendimentoResumo) => <ComGlifo simbolo={l.categoriaIcone} texto={v} />,
    },
    { key: 'solicitante', dataIndex: 'solicitanteNome', title: t('atendimentos:coluna.solicitante') },
    ...(regras.oculto('responsavelUsuarioId')
      ? []
      : [{ key: 'responsavel', dataIndex: 'responsavelNome', title: t('atendimentos:coluna.responsavel') }]),
    { key: 'destino', dataIndex: 'organizacaoDestinoNome', title: t('atendimentos:coluna.organizacaoDestino') },
    { key: 'time', dataIndex: 'timeNome', title: t('atendimentos:coluna.time') },
    {
      key: 'criadoEm',
      dataIndex: 'criadoEm',
      title: t('atendimentos:coluna.criadoEm'),
      sorter: true,
      sortOrder: ordenacao('criadoEm'),
      render: (v: string) => quando.format(new Date(v)),
    },
    {
      key: 'acoes',
      title: t('comum:acoes'),
      width: 110,
      render: (_: unknown, r) => (
        <AcoesLinha
          aoVisualizar={() => navegar(caminhoEdicao(config, r.id, true), { state: voltar })}
          aoEditar={
            pode(config.acesso, 'U') ? () => navegar(caminhoEdicao(config, r.id), { state: voltar }) : undefined
          }
        />
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${config.acesso}`)}
        </Typography.Title>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('csv')}>
            {t('crud:exportarCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('xlsx')}>
            {t('crud:exportarXlsx')}
          </Button>
          {config.novo && pode(config.acesso, 'C') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="novo"
              onClick={() => config.novo && navegar(config.novo, { state: voltar })}
            >
              {t('comum:novo')}
            </Button>
          )}
        </Space>
      </Space>
      <Card size="small" title={t('comum:filtros')}>
        <Form form={form} name="filtros" layout="vertical" onFinish={aplicar}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="busca" label={t('atendimentos:filtro.busca')}>
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item name="status" label={t('atendimentos:coluna.status')}>
                <Select
                  allowClear
                  options={STATUS_ATENDIMENTO.map((s) => ({ value: s, label: t(`atendimentos:status.${s}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={5}>
              <Form.Item name="categoriaAtendimentoId" label={t('atendimentos:coluna.categoria')}>
                <Select allowClear options={categorias.data ?? []} />
              </Form.Item>
            </Col>
            <Col xs={24} md={7}>
              <Form.Item name="periodo" label={t('atendimentos:filtro.periodo')}>
                <DatePicker.RangePicker
                  allowEmpty={[true, true]}
                  format={formatoData(i18n.language)}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          </Row>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {t('comum:buscar')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                aplicar({});
              }}
            >
              {t('comum:limpar')}
            </Button>
          </Space>
        </Form>
      </Card>
      <ErroDaLista erro={q.error} />
      <TabelaDaLista<AtendimentoResumo>
        consulta={q}
        lista={lista}
        columns={colunas}
        onRow={(r) => ({ 'data-testid': `atendimento-${r.protocolo}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination}
      />
    </Space>
  );
}
