import { DownloadOutlined } from '@ant-design/icons';
import { ACESSOS, type AuditoriaItem, EVENTOS_AUDITORIA, ORDENACAO_AUDITORIA, type Paged } from '@sig/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../platform/api';
import { formatoData } from '../../platform/crud/definicao';
import { mensagemDeErro } from '../../platform/formulario';
import { gravarQuantidade, lerQuantidade } from '../../platform/sessao';
import { useTitulo } from '../../platform/useTitulo';

const TAMANHOS = ['10', '20', '50', '100'];
const METODOS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

type ValoresFiltro = {
  evento?: string;
  acesso?: string;
  metodo?: string;
  status?: number | null;
  periodoDe?: Dayjs | null;
  periodoAte?: Dayjs | null;
};
type Filtros = Record<string, string | number | undefined>;

const dataIso = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);

/** `/auditoria-acesso`: the access audit, server-paged and filtered, exportable as CSV. */
export default function AuditoriaPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ValoresFiltro>();
  useTitulo('menu:acessos.AuditoriaAcesso');

  const [filtros, setFiltros] = useState<Filtros>({});
  const [pagina, setPagina] = useState(1);
  const [quantidade, setQuantidade] = useState(lerQuantidade);
  const [ordenarPor, setOrdenarPor] = useState<string>('criadoEm');
  const [ordem, setOrdem] = useState<'asc' | 'desc'>('desc');

  const consulta = { pagina, quantidade, ordenarPor, ordem, ...filtros };
  const q = useQuery({
    queryKey: ['auditoria-acesso', 'paginado', consulta],
    queryFn: ({ signal }) => api.get<Paged<AuditoriaItem>>('auditoria-acesso/paginado', consulta, { sinal: signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

  // The server's validation (period start after end) goes onto its fields.
  useEffect(() => {
    const e = q.error;
    if (e instanceof ApiError && e.campos.length)
      form.setFields(e.campos.map((c) => ({ name: c.campo as keyof ValoresFiltro, errors: [c.mensagem] })));
  }, [q.error, form]);

  const buscar = (v: ValoresFiltro) => {
    form.setFields([
      { name: 'periodoDe', errors: [] },
      { name: 'periodoAte', errors: [] },
    ]);
    setPagina(1);
    setFiltros({
      evento: v.evento,
      acesso: v.acesso,
      metodo: v.metodo,
      status: v.status ?? undefined,
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
      void message.error(mensagemDeErro(e, t));
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
          {t('crud.exportarCsv')}
        </Button>
      </Space>
      <Card size="small" title={t('comum.filtros')} data-testid="filtros">
        <Form form={form} name="filtros-auditoria" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="evento" label={t('campos:evento')}>
            <Select
              allowClear
              style={{ minWidth: 200 }}
              placeholder={t('crud.todos')}
              options={EVENTOS_AUDITORIA.map((e) => ({ value: e, label: t(`auditoria.eventos.${e}`) }))}
            />
          </Form.Item>
          <Form.Item name="acesso" label={t('campos:acesso')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 220 }}
              placeholder={t('crud.todos')}
              options={opcoesAcesso}
            />
          </Form.Item>
          <Form.Item name="metodo" label={t('campos:metodo')}>
            <Select
              allowClear
              style={{ minWidth: 120 }}
              placeholder={t('crud.todos')}
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
              {t('comum.buscar')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setPagina(1);
                setFiltros({});
              }}
            >
              {t('comum.limpar')}
            </Button>
          </Space>
        </Form>
      </Card>
      {q.isError && (
        <Alert
          type="error"
          showIcon
          title={mensagemDeErro(q.error, t)}
          description={erroDeCampo ? (q.error as ApiError).campos.map((c) => c.mensagem).join(' ') : undefined}
          data-testid="erro-auditoria"
        />
      )}
      <Table<AuditoriaItem>
        rowKey="id"
        dataSource={q.isError ? [] : (q.data?.itens ?? [])}
        loading={q.isFetching}
        locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'criadoEm',
            dataIndex: 'criadoEm',
            title: t('auditoria.dataHora'),
            ...ordenavel('criadoEm'),
            render: (v: string) => dayjs(v).format(formatoHora),
          },
          {
            key: 'evento',
            dataIndex: 'evento',
            title: t('campos:evento'),
            ...ordenavel('evento'),
            render: (v: string) => t(`auditoria.eventos.${v}`, { defaultValue: v }),
          },
          { key: 'usuarioNome', dataIndex: 'usuarioNome', title: t('auditoria.usuario') },
          { key: 'login', dataIndex: 'login', title: t('auditoria.login'), ...ordenavel('login') },
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
        pagination={{
          current: pagina,
          pageSize: quantidade,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: TAMANHOS,
          showTotal: (n) => t('comum.total', { n }),
        }}
        onChange={(pag, _f, ordenacao) => {
          const s = (Array.isArray(ordenacao) ? ordenacao[0] : ordenacao) as SorterResult<AuditoriaItem> | undefined;
          const tamanho = pag.pageSize ?? quantidade;
          if (tamanho !== quantidade) {
            gravarQuantidade(tamanho);
            setQuantidade(tamanho);
            setPagina(1);
          } else setPagina(pag.current ?? 1);
          if (s?.order) {
            setOrdenarPor(String(s.columnKey));
            setOrdem(s.order === 'descend' ? 'desc' : 'asc');
          } else {
            setOrdenarPor('criadoEm');
            setOrdem('desc');
          }
        }}
      />
    </Space>
  );
}
