import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { Culto, Paged } from '@sig/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { SelectReferencia } from '../../platform/crud/controles';
import { dataParaTela, dinheiroParaTela, formatoData } from '../../platform/crud/definicao';
import { BotoesDeBusca, ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_CULTO, ROTA_FORM_CULTO } from './comum';

type Filtros = {
  organizacaoId?: number | null;
  periodoDe?: Dayjs | null;
  periodoAte?: Dayjs | null;
  santaCeia?: 'true' | 'false' | null;
};
const FILTROS = ['organizacaoId', 'periodoDe', 'periodoAte', 'santaCeia'] as const;
const dataIso = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * `/culto` (spec §2): the worship services of the scope, newest first, filtered by organization
 * (with those below it), period and Lord's Supper; exported as CSV or XLSX with the same filters.
 */
export default function CultoListaPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'cultos', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Filtros>();
  useTitulo(`menu:acessos.${ACESSO_CULTO}`);
  const lista = useListaNaUrl();
  const { pagina, quantidade, mudar } = lista;
  const filtros = lista.filtrosDe(FILTROS);
  const chave = JSON.stringify(filtros);

  useEffect(() => {
    const f = JSON.parse(chave) as Record<string, string>;
    form.setFieldsValue({
      organizacaoId: f.organizacaoId ? Number(f.organizacaoId) : null,
      periodoDe: f.periodoDe ? dayjs(f.periodoDe) : null,
      periodoAte: f.periodoAte ? dayjs(f.periodoAte) : null,
      santaCeia: f.santaCeia === 'true' || f.santaCeia === 'false' ? f.santaCeia : null,
    });
  }, [chave, form]);

  const consulta = { pagina, quantidade, ordem: 'desc', ...filtros };
  const q = useQuery({
    queryKey: ['culto', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<Culto>>('culto/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(lista, q.data?.total);

  const buscar = (v: Filtros) =>
    mudar({
      pagina: undefined,
      organizacaoId: v.organizacaoId ? String(v.organizacaoId) : undefined,
      periodoDe: dataIso(v.periodoDe),
      periodoAte: dataIso(v.periodoAte),
      santaCeia: v.santaCeia ?? undefined,
    });
  const exportar = async (formato: 'csv' | 'xlsx') => {
    try {
      await api.baixar('culto/exportar', { formato, ...filtros }, `cultos.${formato}`);
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };
  const excluir = async (c: Culto) => {
    try {
      await api.delete('culto', c.id);
      await qc.invalidateQueries({ queryKey: ['culto'] });
      await qc.invalidateQueries({ queryKey: ['lancamento-caixa'] });
      void message.success(t('comum:excluidoComSucesso'));
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t(`menu:acessos.${ACESSO_CULTO}`)}
        </Typography.Title>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('csv')}>
            {t('crud:exportarCsv')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void exportar('xlsx')}>
            {t('crud:exportarXlsx')}
          </Button>
          {pode(ACESSO_CULTO, 'C') && (
            <Button type="primary" icon={<PlusOutlined />} data-testid="novo" onClick={() => navegar(ROTA_FORM_CULTO)}>
              {t('cultos:novo')}
            </Button>
          )}
        </Space>
      </Space>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-cultos" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="organizacaoId" label={t('campos:organizacaoId')} style={{ minWidth: 320 }}>
            <SelectReferencia referencia="organizacao" allowClear />
          </Form.Item>
          <Form.Item name="periodoDe" label={t('campos:periodoDe')}>
            <DatePicker format={formatoData(i18n.language)} />
          </Form.Item>
          <Form.Item name="periodoAte" label={t('campos:periodoAte')}>
            <DatePicker format={formatoData(i18n.language)} />
          </Form.Item>
          <Form.Item name="santaCeia" label={t('campos:santaCeia')} style={{ minWidth: 200 }}>
            <Select
              allowClear
              placeholder={t('crud:todos')}
              options={[
                { value: 'true', label: t('comum:sim') },
                { value: 'false', label: t('comum:nao') },
              ]}
            />
          </Form.Item>
          <BotoesDeBusca limpar={() => buscar({})} />
        </Form>
      </Card>
      <ErroDaLista erro={q.error} form={form} />
      <TabelaDaLista<Culto>
        consulta={q}
        lista={lista}
        size="small"
        columns={[
          {
            key: 'data',
            dataIndex: 'data',
            title: t('campos:data'),
            render: (v: string) => dataParaTela(v, i18n.language),
          },
          { key: 'hora', dataIndex: 'hora', title: t('campos:hora') },
          { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
          {
            key: 'santaCeia',
            dataIndex: 'santaCeia',
            title: t('campos:santaCeia'),
            render: (v: boolean) => (v ? t('comum:sim') : t('comum:nao')),
          },
          { key: 'presentes', dataIndex: 'presentes', title: t('campos:presentes'), align: 'right' },
          {
            key: 'ofertas',
            dataIndex: 'ofertas',
            title: t('campos:ofertas'),
            align: 'right',
            render: (v: string) => dinheiroParaTela(v, i18n.language),
          },
          { key: 'destino', dataIndex: 'destino', title: t('campos:destino') },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, c: Culto) => (
              <AcoesLinha
                aoVisualizar={() => navegar(`${ROTA_FORM_CULTO}/${c.id}/visualizacao`)}
                aoEditar={pode(ACESSO_CULTO, 'U') ? () => navegar(`${ROTA_FORM_CULTO}/${c.id}`) : undefined}
                aoExcluir={pode(ACESSO_CULTO, 'D') ? () => void excluir(c) : undefined}
                confirmacaoExclusao={c.lancamentoCaixaId ? t('cultos:confirmarExclusao') : undefined}
              />
            ),
          },
        ]}
      />
    </Space>
  );
}
