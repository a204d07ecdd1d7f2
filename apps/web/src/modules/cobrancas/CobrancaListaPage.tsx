import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import {
  type CobrancaResumo,
  FORMAS_COBRANCA,
  type FORMAS_PAGAMENTO,
  type Paged,
  STATUS_CONTA_A_RECEBER,
} from '@sig/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { dataParaTela, dinheiroParaTela, formatoData } from '../../platform/crud/definicao';
import { BotoesDeBusca, ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { AcoesCobranca } from './AcoesCobranca';
import { ACESSO_COBRANCA, ACESSO_CONTA, ROTA_FORM_CONTA } from './comum';
import { StatusConta } from './StatusConta';

type Filtros = {
  titular?: string;
  status?: string[];
  forma?: string[];
  vencimentoDe?: Dayjs | null;
  vencimentoAte?: Dayjs | null;
  incluirCanceladas?: boolean;
};
const FILTROS = ['titular', 'status', 'forma', 'vencimentoDe', 'vencimentoAte', 'incluirCanceladas'] as const;
const dataIso = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * `/cobranca` (spec §2): the scope's charges at the payment provider, whatever their receivable,
 * filtered by holder, status, method and due date; exported; cancelled at the provider while open.
 */
export default function CobrancaListaPage() {
  const { t, i18n } = useTranslation(['campos', 'cobrancas', 'comum', 'crud', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const [form] = Form.useForm<Filtros>();
  useTitulo(`menu:acessos.${ACESSO_COBRANCA}`);
  const lista = useListaNaUrl();
  const { pagina, quantidade, mudar } = lista;
  const filtros = lista.filtrosDe(FILTROS);
  const chave = JSON.stringify(filtros);

  useEffect(() => {
    const f = JSON.parse(chave) as Record<string, string>;
    form.setFieldsValue({
      titular: f.titular ?? '',
      status: f.status ? f.status.split(',') : [],
      forma: f.forma ? f.forma.split(',') : [],
      vencimentoDe: f.vencimentoDe ? dayjs(f.vencimentoDe) : null,
      vencimentoAte: f.vencimentoAte ? dayjs(f.vencimentoAte) : null,
      incluirCanceladas: f.incluirCanceladas === 'true',
    });
  }, [chave, form]);

  const consulta = { pagina, quantidade, ordenarPor: 'vencimento', ordem: 'asc', ...filtros };
  const q = useQuery({
    queryKey: ['cobranca', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<CobrancaResumo>>('cobranca/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(lista, q.data?.total);

  const buscar = (v: Filtros) =>
    mudar({
      pagina: undefined,
      titular: v.titular?.trim() || undefined,
      status: v.status?.length ? v.status.join(',') : undefined,
      forma: v.forma?.length ? v.forma.join(',') : undefined,
      vencimentoDe: dataIso(v.vencimentoDe),
      vencimentoAte: dataIso(v.vencimentoAte),
      incluirCanceladas: v.incluirCanceladas ? 'true' : undefined,
    });
  const exportar = async (formato: 'csv' | 'xlsx') => {
    try {
      await api.baixar('cobranca/exportar', { formato, ...filtros }, `cobrancas.${formato}`);
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  const data = { format: formatoData(i18n.language) };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO_COBRANCA}`)}
        </Typography.Title>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('csv')}>
            {t('crud:exportarCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('xlsx')}>
            {t('crud:exportarXlsx')}
          </Button>
        </Space>
      </Space>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-cobrancas" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="titular" label={t('campos:titularNome')}>
            <Input allowClear maxLength={200} style={{ width: 220 }} />
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
          <Form.Item name="forma" label={t('campos:formaPagamento')} style={{ minWidth: 220 }}>
            <Select
              mode="multiple"
              allowClear
              options={FORMAS_COBRANCA.map((f) => ({ value: f, label: t(`campos:opcao.formaPagamento.${f}`) }))}
            />
          </Form.Item>
          <Form.Item name="vencimentoDe" label={t('campos:vencimentoDe')}>
            <DatePicker {...data} />
          </Form.Item>
          <Form.Item name="vencimentoAte" label={t('campos:vencimentoAte')}>
            <DatePicker {...data} />
          </Form.Item>
          <Form.Item name="incluirCanceladas" valuePropName="checked">
            <Checkbox>{t('campos:incluirCanceladas')}</Checkbox>
          </Form.Item>
          <BotoesDeBusca limpar={() => buscar({})} />
        </Form>
      </Card>
      <ErroDaLista erro={q.error} form={form} />
      <TabelaDaLista<CobrancaResumo>
        consulta={q}
        lista={lista}
        size="small"
        columns={[
          { key: 'titularNome', dataIndex: 'titularNome', title: t('campos:titularNome') },
          { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
          {
            key: 'competencia',
            title: t('campos:competencia'),
            render: (_: unknown, c: CobrancaResumo) =>
              `${String(c.mesCompetencia).padStart(2, '0')}/${c.anoCompetencia}`,
          },
          {
            key: 'forma',
            dataIndex: 'forma',
            title: t('campos:formaPagamento'),
            render: (v: (typeof FORMAS_PAGAMENTO)[number]) => t(`campos:opcao.formaPagamento.${v}`),
          },
          {
            key: 'vencimento',
            dataIndex: 'vencimento',
            title: t('campos:vencimento'),
            render: (v: string) => dataParaTela(v, i18n.language),
          },
          {
            key: 'valor',
            dataIndex: 'valor',
            title: t('campos:valor'),
            align: 'right',
            render: (v: string) => dinheiroParaTela(v, i18n.language),
          },
          {
            key: 'status',
            title: t('campos:status'),
            render: (_: unknown, c: CobrancaResumo) => <StatusConta status={c.status} />,
          },
          {
            key: 'dataPagamento',
            dataIndex: 'dataPagamento',
            title: t('campos:dataPagamento'),
            render: (v: string | null) => (v ? dataParaTela(v, i18n.language) : ''),
          },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, c: CobrancaResumo) => (
              <Space size={4}>
                {pode(ACESSO_CONTA, 'R') && (
                  <Button
                    size="small"
                    type="text"
                    icon={<EyeOutlined />}
                    aria-label={t('cobrancas:cobranca.verConta')}
                    title={t('cobrancas:cobranca.verConta')}
                    onClick={() => navegar(`${ROTA_FORM_CONTA}/${c.contaAReceberId}/visualizacao`)}
                  />
                )}
                <AcoesCobranca cobranca={c} />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
