import { FileExcelOutlined, FilePdfOutlined, SearchOutlined } from '@ant-design/icons';
import { type RelatorioContasReceber, relatorioContasReceberQuery, STATUS_CONTA_A_RECEBER } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Select, Space, Table, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { SelectReferencia } from '../../platform/crud/controles';
import { dinheiroParaTela, formatoData } from '../../platform/crud/definicao';
import { aplicarErrosServidor, mensagemDeErro, validarCaminho } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { StatusConta } from './StatusConta';

const ACESSO = 'RelatorioContasReceber';
const CAMINHO = 'relatorio-contas-receber';

type Valores = {
  organizacaoId?: number | null;
  pessoaId?: number | null;
  status?: string[];
  competenciaDe?: Dayjs | null;
  competenciaAte?: Dayjs | null;
  vencimentoDe?: Dayjs | null;
  vencimentoAte?: Dayjs | null;
};

/** The query the server takes, from the form's values. */
const consulta = (v: Valores) => ({
  organizacaoId: v.organizacaoId ?? undefined,
  pessoaId: v.pessoaId ?? undefined,
  status: v.status?.length ? v.status.join(',') : undefined,
  competenciaDe: v.competenciaDe?.format('YYYY-MM'),
  competenciaAte: v.competenciaAte?.format('YYYY-MM'),
  vencimentoDe: v.vencimentoDe?.format('YYYY-MM-DD'),
  vencimentoAte: v.vencimentoAte?.format('YYYY-MM-DD'),
});

type Linha = { quantidade: number; previsto: string; pago: string };

/**
 * `/relatorio-contas-receber` (spec §2): receivables of an organization and those below it,
 * totalled by status and by competence month; on screen, or as PDF or XLSX with the same filters.
 */
export default function RelatorioContasReceberPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'erros', 'financeiro', 'menu', 'relatorios']);
  const [form] = Form.useForm<Valores>();
  useTitulo(`menu:acessos.${ACESSO}`);
  const [filtros, setFiltros] = useState<ReturnType<typeof consulta> | null>(null);
  const [baixando, setBaixando] = useState<string | null>(null);
  const q = useQuery({
    queryKey: [CAMINHO, filtros],
    queryFn: ({ signal }) => api.get<RelatorioContasReceber>(CAMINHO, filtros ?? undefined, { sinal: signal }),
    enabled: filtros !== null,
    retry: false,
  });
  const baixar = async (formato: 'pdf' | 'xlsx') => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBaixando(formato);
    try {
      await api.baixar(CAMINHO, { ...consulta(v), formato }, `${CAMINHO}.${formato}`);
    } catch (e) {
      aplicarErrosServidor(form, e);
    } finally {
      setBaixando(null);
    }
  };
  // End not before start (spec §5), by the contracts' schema.
  const regra =
    (campo: string): Rule =>
    ({ getFieldsValue }) => ({
      validator: () => validarCaminho(relatorioContasReceberQuery, consulta(getFieldsValue(true) as Valores), campo),
    });
  const data = { format: formatoData(i18n.language) };
  const mes = { picker: 'month' as const, format: 'MM/YYYY' };
  const dinheiro = (v: string) => dinheiroParaTela(v, i18n.language);
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
          layout="inline"
          style={{ rowGap: 12 }}
          onFinish={(v) => setFiltros(consulta(v))}
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
            <DatePicker {...data} />
          </Form.Item>
          <Form.Item
            name="vencimentoAte"
            label={t('campos:vencimentoAte')}
            dependencies={['vencimentoDe']}
            rules={[regra('vencimentoAte')]}
          >
            <DatePicker {...data} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={q.isFetching}>
              {t('cobrancas:relatorioReceber.consultar')}
            </Button>
            <Button icon={<FilePdfOutlined />} loading={baixando === 'pdf'} onClick={() => void baixar('pdf')}>
              {t('relatorios:formato.pdf')}
            </Button>
            <Button icon={<FileExcelOutlined />} loading={baixando === 'xlsx'} onClick={() => void baixar('xlsx')}>
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
