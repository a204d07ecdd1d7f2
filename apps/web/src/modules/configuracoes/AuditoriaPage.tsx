import { DownloadOutlined } from '@ant-design/icons';
import { ACESSOS, type AuditoriaItem, EVENTOS_AUDITORIA, ORDENACAO_AUDITORIA, type Paged } from '@sig/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, InputNumber, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../platform/api';
import { formatoData } from '../../platform/crud/definicao';
import { TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';

const METODOS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

type ValoresFiltro = {
  evento?: string;
  acesso?: string;
  metodo?: string;
  status?: number | null;
  periodoDe?: Dayjs | null;
  periodoAte?: Dayjs | null;
};
const FILTROS = ['evento', 'acesso', 'metodo', 'status', 'periodoDe', 'periodoAte'] as const;

const dataIso = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * `/auditoria-acesso`: the access audit, server-paged and filtered, exportable as CSV. Page, sort
 * and filters live in the address like every list's; newest first unless a column is chosen.
 */
export default function AuditoriaPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'configuracoes', 'crud', 'menu']);
  const { message } = App.useApp();
  const [form] = Form.useForm<ValoresFiltro>();
  useTitulo('menu:acessos.AuditoriaAcesso');

  const lista = useListaNaUrl(ORDENACAO_AUDITORIA);
  const { params, pagina, quantidade, mudar } = lista;
  const ordenarPor = lista.ordenarPor ?? 'criadoEm';
  const ordem = lista.ordenarPor ? lista.ordem : 'desc';
  // A stable text key, so the filters object only changes when a filter value does.
  const chaveFiltros = JSON.stringify(FILTROS.flatMap((f) => (params.get(f) ? [[f, params.get(f)]] : [])));
  const filtros = useMemo(
    () => Object.fromEntries(JSON.parse(chaveFiltros) as [string, string][]) as Record<string, string>,
    [chaveFiltros],
  );

  // The filter bar follows the address (coming back to the page restores it).
  useEffect(() => {
    form.setFieldsValue({
      evento: filtros.evento,
      acesso: filtros.acesso,
      metodo: filtros.metodo,
      status: filtros.status ? Number(filtros.status) : null,
      periodoDe: filtros.periodoDe ? dayjs(filtros.periodoDe) : null,
      periodoAte: filtros.periodoAte ? dayjs(filtros.periodoAte) : null,
    });
  }, [filtros, form]);

  const consulta = { pagina, quantidade, ordenarPor, ordem, ...filtros };
  const q = useQuery({
    queryKey: ['auditoria-acesso', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<AuditoriaItem>>('auditoria-acesso/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(lista, q.data?.total);

  // The server's validation (period start after end) goes onto its fields.
  useEffect(() => {
    aplicarErrosServidor(form, q.error);
  }, [q.error, form]);

  const buscar = (v: ValoresFiltro) => {
    form.setFields([
      { name: 'periodoDe', errors: [] },
      { name: 'periodoAte', errors: [] },
    ]);
    mudar({
      pagina: undefined,
      evento: v.evento,
      acesso: v.acesso,
      metodo: v.metodo,
      status: v.status === null || v.status === undefined ? undefined : String(v.status),
      periodoDe: dataIso(v.periodoDe),
      periodoAte: dataIso(v.periodoAte),
    });
  };

  const exportar = async () => {
    try {
      await api.baixar(
        'auditoria-acesso/exportar',
        { formato: 'csv', ordenarPor, ordem, ...filtros },
        'auditoria-acesso.csv',
      );
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  const nomeTela = (id: string | null) => (id ? t(`menu:acessos.${id}`, { defaultValue: id }) : '');
  const opcoesAcesso = useMemo(
    () =>
      ACESSOS.map((a) => ({ value: a.id, label: t(`menu:acessos.${a.id}`, { defaultValue: a.id }) })).sort((a, b) =>
        a.label.localeCompare(b.label, i18n.language),
      ),
    [t, i18n.language],
  );
  const formatoHora = `${formatoData(i18n.language)} HH:mm:ss`;
  const ordenavel = (c: string) => ({
    sorter: (ORDENACAO_AUDITORIA as readonly string[]).includes(c),
    sortOrder: ordenarPor === c ? (ordem === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
  });
  const erroDeCampo = q.error instanceof ApiError && q.error.campos.length > 0;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('menu:acessos.AuditoriaAcesso')}
        </Typography.Title>
        <Button icon={<DownloadOutlined />} onClick={() => void exportar()}>
          {t('crud:exportarCsv')}
        </Button>
      </Space>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-auditoria" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="evento" label={t('campos:evento')}>
            <Select
              allowClear
              style={{ minWidth: 200 }}
              placeholder={t('crud:todos')}
              options={EVENTOS_AUDITORIA.map((e) => ({ value: e, label: t(`configuracoes:auditoria.eventos.${e}`) }))}
            />
          </Form.Item>
          <Form.Item name="acesso" label={t('campos:acesso')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 220 }}
              placeholder={t('crud:todos')}
              options={opcoesAcesso}
            />
          </Form.Item>
          <Form.Item name="metodo" label={t('campos:metodo')}>
            <Select
              allowClear
              style={{ minWidth: 120 }}
              placeholder={t('crud:todos')}
              options={METODOS.map((m) => ({ value: m, label: m }))}
            />
          </Form.Item>
          <Form.Item name="status" label={t('campos:status')}>
            <InputNumber precision={0} min={100} max={599} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="periodoDe" label={t('campos:periodoDe')}>
            <DatePicker format={formatoData(i18n.language)} />
          </Form.Item>
          <Form.Item name="periodoAte" label={t('campos:periodoAte')}>
            <DatePicker format={formatoData(i18n.language)} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit">
              {t('comum:buscar')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                mudar({ pagina: undefined, ...Object.fromEntries(FILTROS.map((f) => [f, undefined])) });
              }}
            >
              {t('comum:limpar')}
            </Button>
          </Space>
        </Form>
      </Card>
      {q.isError && (
        <Alert
          type="error"
          showIcon
          title={mensagemDeErro(q.error)}
          description={erroDeCampo ? (q.error as ApiError).campos.map((c) => c.mensagem).join(' ') : undefined}
          data-testid="erro-auditoria"
        />
      )}
      <TabelaDaLista<AuditoriaItem>
        consulta={q}
        lista={lista}
        columns={[
          {
            key: 'criadoEm',
            dataIndex: 'criadoEm',
            title: t('configuracoes:auditoria.dataHora'),
            ...ordenavel('criadoEm'),
            render: (v: string) => dayjs(v).format(formatoHora),
          },
          {
            key: 'evento',
            dataIndex: 'evento',
            title: t('campos:evento'),
            ...ordenavel('evento'),
            render: (v: string) => t(`configuracoes:auditoria.eventos.${v}`, { defaultValue: v }),
          },
          { key: 'usuarioNome', dataIndex: 'usuarioNome', title: t('configuracoes:auditoria.usuario') },
          { key: 'login', dataIndex: 'login', title: t('configuracoes:auditoria.login'), ...ordenavel('login') },
          {
            key: 'acesso',
            dataIndex: 'acesso',
            title: t('campos:acesso'),
            ...ordenavel('acesso'),
            render: (v: string | null) => nomeTela(v),
          },
          { key: 'metodo', dataIndex: 'metodo', title: t('campos:metodo'), ...ordenavel('metodo') },
          { key: 'rota', dataIndex: 'rota', title: t('campos:rota'), ...ordenavel('rota') },
          { key: 'status', dataIndex: 'status', title: t('campos:status'), ...ordenavel('status') },
          { key: 'ip', dataIndex: 'ip', title: t('campos:ip'), ...ordenavel('ip') },
        ]}
      />
    </Space>
  );
}
