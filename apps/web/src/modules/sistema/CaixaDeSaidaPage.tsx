import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  EyeOutlined,
  SendOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { type EmailSaida, type EmailSaidaListQuery, SITUACOES_EMAIL, type SituacaoEmail } from '@sig/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { BotoesDeBusca, ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'CaixaDeSaida';
const ORDENAVEIS = ['criadoEm', 'para', 'situacao'] as const;
/** An icon tells the states apart: coloured tags fail the contrast check. */
const ICONES: Record<SituacaoEmail, ReactNode> = {
  PENDENTE: <ClockCircleOutlined />,
  ENVIANDO: <SyncOutlined spin />,
  ENVIADO: <CheckCircleOutlined />,
  ERRO: <CloseCircleOutlined />,
};

type Filtros = { situacao?: SituacaoEmail[]; para?: string };

function useRotulos() {
  const { t, i18n } = useTranslation(['sistema']);
  return {
    situacao: (s: SituacaoEmail) => <Tag icon={ICONES[s]}>{t(`sistema:caixaSaida.situacoes.${s}`)}</Tag>,
    quando: (v: string | null) => (v ? new Date(v).toLocaleString(i18n.language) : ''),
  };
}

/** One message as it was written: recipient, subject, text, and how sending it went. */
function Mensagem({ id, fechar }: { id: number; fechar: () => void }) {
  const { t } = useTranslation(['sistema']);
  const rotulos = useRotulos();
  const q = useQuery({
    queryKey: chaves('caixa-de-saida').item(id),
    queryFn: () => dados(cliente.GET('/api/caixa-de-saida/{id}', { params: { path: { id } } })),
  });
  const m = q.data;
  return (
    <Modal open title={t('sistema:caixaSaida.ver')} onCancel={fechar} footer={null} width={720} loading={q.isFetching}>
      <ErroDaLista erro={q.error} />
      {m && (
        <Descriptions column={1} size="small" bordered data-testid="mensagem">
          <Descriptions.Item label={t('sistema:caixaSaida.para')}>{m.para}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:caixaSaida.assunto')}>{m.assunto}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:caixaSaida.situacao')}>{rotulos.situacao(m.situacao)}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:caixaSaida.tentativas')}>{m.tentativas}</Descriptions.Item>
          {m.erro && (
            <Descriptions.Item label={t('sistema:caixaSaida.erro')}>
              <Typography.Text type="danger">{m.erro}</Typography.Text>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('sistema:caixaSaida.criadoEm')}>{rotulos.quando(m.criadoEm)}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:caixaSaida.enviadoEm')}>{rotulos.quando(m.enviadoEm)}</Descriptions.Item>
        </Descriptions>
      )}
      {m && (
        <pre style={{ marginTop: 16, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="texto">
          {m.texto}
        </pre>
      )}
    </Modal>
  );
}

/**
 * `/caixa-de-saida`: every e-mail the system wrote (the outbox is its record), whether it went,
 * how many attempts it took and the SMTP server's last answer; a failed one is sent again after a
 * confirmation. Without SMTP configured the messages wait here.
 */
export default function CaixaDeSaidaPage() {
  const { t } = useTranslation(['comum', 'menu', 'sistema']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const rotulos = useRotulos();
  const [form] = Form.useForm<Filtros>();
  const [vendo, setVendo] = useState<number | null>(null);
  useTitulo(`menu:acessos.${ACESSO}`);
  const listaUrl = useListaNaUrl(ORDENAVEIS);
  const { params, pagina, quantidade, ordenarPor, ordem, mudar } = listaUrl;
  const situacao = params.get('situacao');
  const para = params.get('para');
  useEffect(() => {
    form.setFieldsValue({ situacao: situacao ? (situacao.split(',') as SituacaoEmail[]) : [], para: para ?? '' });
  }, [situacao, para, form]);

  const consulta = {
    pagina,
    quantidade,
    ordem,
    ordenarPor: ordenarPor as EmailSaidaListQuery['ordenarPor'],
    situacao: situacao ? (situacao.split(',') as SituacaoEmail[]) : undefined,
    para: para ?? undefined,
  };
  const q = useQuery({
    queryKey: chaves('caixa-de-saida').lista(consulta),
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/caixa-de-saida/paginado', { params: { query: consulta }, signal })),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(listaUrl, q.data?.total);
  const reenviar = useMutation({
    mutationFn: (id: number) => dados(cliente.POST('/api/caixa-de-saida/{id}/reenviar', { params: { path: { id } } })),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: chaves('caixa-de-saida').todas });
      void message.success(t('sistema:caixaSaida.reenviado'));
    },
  });
  const buscar = (v: Filtros) =>
    mudar({
      pagina: undefined,
      situacao: v.situacao?.length ? v.situacao.join(',') : undefined,
      para: v.para?.trim() || undefined,
    });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`menu:acessos.${ACESSO}`)}
      </Typography.Title>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-caixa-de-saida" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="para" label={t('sistema:caixaSaida.para')}>
            <Input allowClear maxLength={200} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="situacao" label={t('sistema:caixaSaida.situacao')} style={{ minWidth: 260 }}>
            <Select
              mode="multiple"
              allowClear
              options={SITUACOES_EMAIL.map((s) => ({ value: s, label: t(`sistema:caixaSaida.situacoes.${s}`) }))}
            />
          </Form.Item>
          <BotoesDeBusca limpar={() => buscar({})} />
        </Form>
      </Card>
      <ErroDaLista erro={q.error} />
      <TabelaDaLista<EmailSaida>
        consulta={q}
        lista={listaUrl}
        size="small"
        columns={[
          { key: 'para', dataIndex: 'para', title: t('sistema:caixaSaida.para'), sorter: true },
          { key: 'assunto', dataIndex: 'assunto', title: t('sistema:caixaSaida.assunto') },
          {
            key: 'situacao',
            dataIndex: 'situacao',
            title: t('sistema:caixaSaida.situacao'),
            sorter: true,
            render: (v: SituacaoEmail) => rotulos.situacao(v),
          },
          { key: 'tentativas', dataIndex: 'tentativas', title: t('sistema:caixaSaida.tentativas') },
          {
            key: 'erro',
            dataIndex: 'erro',
            title: t('sistema:caixaSaida.erro'),
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
            title: t('sistema:caixaSaida.criadoEm'),
            sorter: true,
            render: (v: string) => rotulos.quando(v),
          },
          {
            key: 'enviadoEm',
            dataIndex: 'enviadoEm',
            title: t('sistema:caixaSaida.enviadoEm'),
            render: (v: string | null) => rotulos.quando(v),
          },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, m: EmailSaida) => (
              <Space size={0}>
                <Button
                  size="small"
                  type="text"
                  icon={<EyeOutlined />}
                  aria-label={t('sistema:caixaSaida.ver')}
                  title={t('sistema:caixaSaida.ver')}
                  onClick={() => setVendo(m.id)}
                />
                {m.situacao === 'ERRO' && pode(ACESSO, 'U') && (
                  <Popconfirm
                    title={t('sistema:caixaSaida.confirmarReenviar')}
                    okText={t('comum:sim')}
                    cancelText={t('comum:nao')}
                    onConfirm={() => reenviar.mutate(m.id)}
                  >
                    <Button
                      size="small"
                      type="text"
                      icon={<SendOutlined />}
                      aria-label={t('sistema:caixaSaida.reenviar')}
                      title={t('sistema:caixaSaida.reenviar')}
                    />
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {vendo !== null && <Mensagem id={vendo} fechar={() => setVendo(null)} />}
    </Space>
  );
}
