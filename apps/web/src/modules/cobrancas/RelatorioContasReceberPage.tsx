import { FileExcelOutlined, FilePdfOutlined, SearchOutlined } from '@ant-design/icons';
import { type RelatorioContasReceber, relatorioContasReceberQuery, STATUS_CONTA_A_RECEBER } from '@sig/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Select, Space, Table, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baixarArquivo } from '../../platform/api';
import { cliente, dados } from '../../platform/cliente';
import { celulaDinheiro } from '../../platform/crud/celulas';
import { EntradaData, SelectReferencia } from '../../platform/crud/controles';
import type { FiltroLista } from '../../platform/crud/filtros';
import { mensagemDeErro, validarCaminho } from '../../platform/formulario';
import { useLayoutDosFiltros } from '../../platform/layoutFiltros';
import { useConfirmarPeriodo } from '../../platform/useConfirmarPeriodo';
import { useTitulo } from '../../platform/useTitulo';
import { StatusConta } from './StatusConta';

const ACESSO = 'RelatorioContasReceber';
const CAMINHO = 'relatorio-contas-receber';
const PERIODO: readonly FiltroLista[] = [{ tipo: 'periodo', de: 'vencimentoDe', ate: 'vencimentoAte' }];

type Valores = {
  organizacaoId?: number | null;
  pessoaId?: number | null;
  status?: string[];
  competenciaDe?: Dayjs | null;
  competenciaAte?: Dayjs | null;
  vencimentoDe?: string | null;
  vencimentoAte?: string | null;
};

/** The query the server takes, from the form's values. */
const consulta = (v: Valores) => ({
  organizacaoId: v.organizacaoId ?? undefined,
  pessoaId: v.pessoaId ?? undefined,
  status: v.status?.length ? v.status.join(',') : undefined,
  competenciaDe: v.competenciaDe?.format('YYYY-MM'),
  competenciaAte: v.competenciaAte?.format('YYYY-MM'),
  vencimentoDe: v.vencimentoDe || undefined,
  vencimentoAte: v.vencimentoAte || undefined,
});

type Linha = { quantidade: number; previsto: string; pago: string };

/**
 * `/relatorio-contas-receber` (spec §2): receivables of an organization and those below it,
 * totalled by status and by competence month; on screen, or as PDF or XLSX with the same filters.
 */
export default function RelatorioContasReceberPage() {
  const layoutFiltros = useLayoutDosFiltros();
  const { t } = useTranslation(['campos', 'cobrancas', 'comum', 'erros', 'financeiro', 'menu', 'relatorios']);
  const [form] = Form.useForm<Valores>();
  useTitulo(`menu:acessos.${ACESSO}`);
  const [filtros, setFiltros] = useState<ReturnType<typeof consulta> | null>(null);
  const q = useQuery({
    queryKey: [CAMINHO, filtros],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/relatorio-contas-receber/', { params: { query: filtros as never }, signal })),
    enabled: filtros !== null,
    retry: false,
  });
  // A refusal lands on its field (the form has them all); the app's handler tells anything else.
  const baixar = useMutation({
    mutationFn: async ({ v, formato }: { v: Valores; formato: 'pdf' | 'xlsx' }) => {
      const { data, response } = await cliente.GET('/api/relatorio-contas-receber/', {
        params: { query: { ...consulta(v), formato } as never },
        parseAs: 'blob',
      });
      baixarArquivo(data as Blob, response, `${CAMINHO}.${formato}`);
    },
  });
  const conferirPeriodo = useConfirmarPeriodo(PERIODO);
  const exportar = async (formato: 'pdf' | 'xlsx') => {
    const v = await form.validateFields().catch(() => null);
    if (v) conferirPeriodo(v, () => baixar.mutate({ v, formato }));
  };
  // End not before start (spec §5), by the contracts' schema.
  const regra =
    (campo: string): Rule =>
    ({ getFieldsValue }) => ({
      validator: () => validarCaminho(relatorioContasReceberQuery, consulta(getFieldsValue(true) as Valores), campo),
    });
  const mes = { picker: 'month' as const, format: 'MM/YYYY' };
  const dinheiro = celulaDinheiro;
  const colunas = [
    {
      key: 'quantidade',
      dataIndex: 'quantidade',
      title: t('cobrancas:relatorioReceber.quantidade'),
      align: 'right' as const,
    },
    {
      key: 'previsto',
      dataIndex: 'previsto',
      title: t('campos:valorPrevisto'),
      align: 'right' as const,
      render: dinheiro,
    },
    { key: 'pago', dataIndex: 'pago', title: t('campos:valorPago'), align: 'right' as const, render: dinheiro },
  ];
  const r = q.data;
  const total = (colSpan: number) => () =>
    r && (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0} colSpan={colSpan}>
          <strong>{t('campos:total')}</strong>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={1} align="right">
          <strong>{r.totais.quantidade}</strong>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={2} align="right">
          <strong>{dinheiro(r.totais.previsto)}</strong>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={3} align="right">
          <strong data-testid="total-pago">{dinheiro(r.totais.pago)}</strong>
        </Table.Summary.Cell>
      </Table.Summary.Row>
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`menu:acessos.${ACESSO}`)}
      </Typography.Title>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form
          form={form}
          name="relatorio-contas-receber"
          layout={layoutFiltros}
          style={{ rowGap: 12 }}
          onFinish={(v) => conferirPeriodo(v, () => setFiltros(consulta(v)))}
        >
          <Form.Item name="organizacaoId" label={t('campos:organizacaoId')} style={{ minWidth: 320 }}>
            <SelectReferencia
              referencia="organizacao"
              allowClear
              placeholder={t('financeiro:livros.organizacaoAtual')}
            />
          </Form.Item>
          <Form.Item name="pessoaId" label={t('campos:pessoaId')} style={{ minWidth: 300 }}>
            <SelectReferencia referencia="pessoa" allowClear />
          </Form.Item>
          <Form.Item name="status" label={t('campos:status')} style={{ minWidth: 240 }}>
            <Select
              mode="multiple"
              allowClear
              options={STATUS_CONTA_A_RECEBER.map((s) => ({
                value: s,
                label: t(`campos:opcao.statusContaAReceber.${s}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="competenciaDe" label={t('campos:competenciaDe')}>
            <DatePicker {...mes} />
          </Form.Item>
          <Form.Item
            name="competenciaAte"
            label={t('campos:competenciaAte')}
            dependencies={['competenciaDe']}
            rules={[regra('competenciaAte')]}
          >
            <DatePicker {...mes} />
          </Form.Item>
          <Form.Item name="vencimentoDe" label={t('campos:vencimentoDe')}>
            <EntradaData />
          </Form.Item>
          <Form.Item
            name="vencimentoAte"
            label={t('campos:vencimentoAte')}
            dependencies={['vencimentoDe']}
            rules={[regra('vencimentoAte')]}
          >
            <EntradaData />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={q.isFetching}>
              {t('cobrancas:relatorioReceber.consultar')}
            </Button>
            <Button
              icon={<FilePdfOutlined />}
              loading={baixar.isPending && baixar.variables?.formato === 'pdf'}
              onClick={() => void exportar('pdf')}
            >
              {t('relatorios:formato.pdf')}
            </Button>
            <Button
              icon={<FileExcelOutlined />}
              loading={baixar.isPending && baixar.variables?.formato === 'xlsx'}
              onClick={() => void exportar('xlsx')}
            >
              {t('relatorios:formato.xlsx')}
            </Button>
          </Space>
        </Form>
      </Card>
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      {r && (
        <>
          <Card size="small" title={t('cobrancas:relatorioReceber.porStatus')} data-testid="por-status">
            <Table<RelatorioContasReceber['porStatus'][number]>
              rowKey="status"
              size="small"
              pagination={false}
              dataSource={r.porStatus}
              locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
              columns={[
                {
                  key: 'status',
                  title: t('campos:status'),
                  render: (_: unknown, l) => <StatusConta status={l.status} />,
                },
                ...colunas,
              ]}
              summary={total(1)}
            />
          </Card>
          <Card size="small" title={t('cobrancas:relatorioReceber.porPeriodo')} data-testid="por-periodo">
            <Table<Linha & { periodo: string }>
              rowKey="periodo"
              size="small"
              pagination={false}
              dataSource={r.porPeriodo}
              locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
              columns={[
                {
                  key: 'periodo',
                  dataIndex: 'periodo',
                  title: t('cobrancas:relatorioReceber.competencia'),
                  render: (v: string) => `${v.slice(5)}/${v.slice(0, 4)}`,
                },
                ...colunas,
              ]}
              summary={total(1)}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
