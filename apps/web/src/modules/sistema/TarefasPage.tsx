import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  EyeOutlined,
  HistoryOutlined,
  RedoOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import {
  FILAS_TAREFA,
  type FilaTarefa,
  SITUACOES_TAREFA,
  type SituacaoTarefa,
  type Tarefa,
  type TarefaListQuery,
} from '@sig/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { BotoesDeBusca, ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'Tarefas';
const ORDENAVEIS = ['criadoEm', 'fila', 'situacao'] as const;
/** An icon tells the states apart: coloured tags fail the contrast check. */
const ICONES: Record<SituacaoTarefa, ReactNode> = {
  created: <ClockCircleOutlined />,
  retry: <HistoryOutlined />,
  active: <SyncOutlined spin />,
  completed: <CheckCircleOutlined />,
  cancelled: <StopOutlined />,
  failed: <CloseCircleOutlined />,
};

type Filtros = { fila?: FilaTarefa[]; situacao?: SituacaoTarefa[] };

const lista = (v: string | null) => (v ? v.split(',') : []);

function useRotulos() {
  const { t, i18n } = useTranslation(['sistema']);
  return {
    fila: (f: string) =>
      (FILAS_TAREFA as readonly string[]).includes(f) ? t(`sistema:tarefas.filas.${f as FilaTarefa}`) : f,
    situacao: (s: SituacaoTarefa) => <Tag icon={ICONES[s]}>{t(`sistema:tarefas.situacoes.${s}`)}</Tag>,
    quando: (v: string | null) => (v ? new Date(v).toLocaleString(i18n.language) : ''),
  };
}

/** One job: its data and what its last run gave (the error of a failed one). */
function DetalheTarefa({ id, fechar }: { id: string; fechar: () => void }) {
  const { t } = useTranslation(['comum', 'sistema']);
  const rotulos = useRotulos();
  const q = useQuery({
    queryKey: chaves('tarefas').item(id),
    queryFn: () => dados(cliente.GET('/api/tarefas/{id}', { params: { path: { id } } })),
  });
  const d = q.data;
  return (
    <Modal open title={t('sistema:tarefas.ver')} onCancel={fechar} footer={null} width={760} loading={q.isFetching}>
      <ErroDaLista erro={q.error} />
      {d && (
        <Descriptions column={1} size="small" bordered data-testid="detalhe-tarefa">
          <Descriptions.Item label={t('sistema:tarefas.fila')}>{rotulos.fila(d.fila)}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:tarefas.situacao')}>{rotulos.situacao(d.situacao)}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:tarefas.tentativas')}>
            {d.tentativas} / {d.tentativasMaximas}
          </Descriptions.Item>
          <Descriptions.Item label={t('sistema:tarefas.criadaEm')}>{rotulos.quando(d.criadoEm)}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:tarefas.dados')}>
            <Typography.Text code>{JSON.stringify(d.dados)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('sistema:tarefas.saida')}>
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {d.saida === null ? '' : JSON.stringify(d.saida, null, 2)}
            </pre>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/**
 * `/tarefas`: what the system does in the background (webhooks applied, mail sent, the overdue
 * marking, the provider reconciliation), with each job's attempts and last error; a failed one is
 * run again after a confirmation.
 */
export default function TarefasPage() {
  const { t } = useTranslation(['comum', 'menu', 'sistema']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const rotulos = useRotulos();
  const [form] = Form.useForm<Filtros>();
  const [vendo, setVendo] = useState<string | null>(null);
  useTitulo(`menu:acessos.${ACESSO}`);
  const listaUrl = useListaNaUrl(ORDENAVEIS);
  const { params, pagina, quantidade, ordenarPor, ordem, mudar } = listaUrl;
  const fila = params.get('fila');
  const situacao = params.get('situacao');
  useEffect(() => {
    form.setFieldsValue({ fila: lista(fila) as FilaTarefa[], situacao: lista(situacao) as SituacaoTarefa[] });
  }, [fila, situacao, form]);

  const consulta = {
    pagina,
    quantidade,
    ordem,
    ordenarPor: ordenarPor as TarefaListQuery['ordenarPor'],
    fila: fila ? (lista(fila) as FilaTarefa[]) : undefined,
    situacao: situacao ? (lista(situacao) as SituacaoTarefa[]) : undefined,
  };
  const q = useQuery({
    queryKey: chaves('tarefas').lista(consulta),
    queryFn: ({ signal }) => dados(cliente.GET('/api/tarefas/paginado', { params: { query: consulta }, signal })),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(listaUrl, q.data?.total);
  const repetir = useMutation({
    mutationFn: (id: string) => dados(cliente.POST('/api/tarefas/{id}/repetir', { params: { path: { id } } })),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: chaves('tarefas').todas });
      void message.success(t('sistema:tarefas.repetida'));
    },
  });
  const buscar = (v: Filtros) =>
    mudar({
      pagina: undefined,
      fila: v.fila?.length ? v.fila.join(',') : undefined,
      situacao: v.situacao?.length ? v.situacao.join(',') : undefined,
    });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`menu:acessos.${ACESSO}`)}
      </Typography.Title>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-tarefas" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="fila" label={t('sistema:tarefas.fila')} style={{ minWidth: 320 }}>
            <Select
              mode="multiple"
              allowClear
              options={FILAS_TAREFA.map((f) => ({ value: f, label: rotulos.fila(f) }))}
            />
          </Form.Item>
          <Form.Item name="situacao" label={t('sistema:tarefas.situacao')} style={{ minWidth: 260 }}>
            <Select
              mode="multiple"
              allowClear
              options={SITUACOES_TAREFA.map((s) => ({ value: s, label: t(`sistema:tarefas.situacoes.${s}`) }))}
            />
          </Form.Item>
          <BotoesDeBusca limpar={() => buscar({})} />
        </Form>
      </Card>
      <ErroDaLista erro={q.error} />
      <TabelaDaLista<Tarefa>
        consulta={q}
        lista={listaUrl}
        size="small"
        columns={[
          {
            key: 'fila',
            dataIndex: 'fila',
            title: t('sistema:tarefas.fila'),
            sorter: true,
            render: (v: string) => rotulos.fila(v),
          },
          {
            key: 'situacao',
            dataIndex: 'situacao',
            title: t('sistema:tarefas.situacao'),
            sorter: true,
            render: (v: SituacaoTarefa) => rotulos.situacao(v),
          },
          {
            key: 'referencia',
            dataIndex: 'referencia',
            title: t('sistema:tarefas.referencia'),
            render: (v: string) => v && <Typography.Text code>{v}</Typography.Text>,
          },
          {
            key: 'tentativas',
            title: t('sistema:tarefas.tentativas'),
            render: (_: unknown, x: Tarefa) => `${x.tentativas} / ${x.tentativasMaximas}`,
          },
          {
            key: 'erro',
            dataIndex: 'erro',
            title: t('sistema:tarefas.erro'),
            render: (v: string | null) =>
              v && (
                <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 320 }}>
                  {v}
                </Typography.Text>
              ),
          },
          {
            key: 'criadoEm',
            dataIndex: 'criadoEm',
            title: t('sistema:tarefas.criadaEm'),
            sorter: true,
            render: (v: string) => rotulos.quando(v),
          },
          {
            key: 'concluidoEm',
            title: `${t('sistema:tarefas.concluidaEm')} / ${t('sistema:tarefas.executarApos')}`,
            render: (_: unknown, x: Tarefa) => rotulos.quando(x.concluidoEm ?? x.executarApos),
          },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, x: Tarefa) => (
              <Space size={0}>
                <Button
                  size="small"
                  type="text"
                  icon={<EyeOutlined />}
                  aria-label={t('sistema:tarefas.ver')}
                  title={t('sistema:tarefas.ver')}
                  onClick={() => setVendo(x.id)}
                />
                {x.situacao === 'failed' && pode(ACESSO, 'U') && (
                  <Popconfirm
                    title={t('sistema:tarefas.confirmarRepetir')}
                    okText={t('comum:sim')}
                    cancelText={t('comum:nao')}
                    onConfirm={() => repetir.mutate(x.id)}
                  >
                    <Button
                      size="small"
                      type="text"
                      icon={<RedoOutlined />}
                      aria-label={t('sistema:tarefas.repetir')}
                      title={t('sistema:tarefas.repetir')}
                    />
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {vendo && <DetalheTarefa id={vendo} fechar={() => setVendo(null)} />}
    </Space>
  );
}
