import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  EyeOutlined,
  SendOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { SITUACOES_EMAIL, type SituacaoEmail } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { colunaDeAcoes } from '../../platform/crud/AcoesLinha';
import { celulaDataHora, celulaErro, celulaTag } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { ErroDaLista, PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { type Linha, useListaRecurso } from '../../platform/useListaRecurso';
import { useAcao } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'CaixaDeSaida';
const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'para', max: 200 },
  { tipo: 'multipla', nome: 'situacao', opcoes: SITUACOES_EMAIL, rotulos: 'sistema:caixaSaida.situacoes' },
];
/** An icon tells the states apart: coloured tags fail the contrast check. */
const ICONES: Record<SituacaoEmail, ReactNode> = {
  PENDENTE: <ClockCircleOutlined />,
  ENVIANDO: <SyncOutlined spin />,
  ENVIADO: <CheckCircleOutlined />,
  ERRO: <CloseCircleOutlined />,
};

const celulaSituacao = celulaTag('sistema:caixaSaida.situacoes', ICONES);

/** One message as it was written: recipient, subject, text, and how sending it went. */
function Mensagem({ id, fechar }: { id: number; fechar: () => void }) {
  const { t } = useTranslation(['sistema']);
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
          <Descriptions.Item label={t('sistema:caixaSaida.situacao')}>{celulaSituacao(m.situacao)}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:caixaSaida.tentativas')}>{m.tentativas}</Descriptions.Item>
          {m.erro && (
            <Descriptions.Item label={t('sistema:caixaSaida.erro')}>
              <Typography.Text type="danger">{m.erro}</Typography.Text>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('sistema:caixaSaida.criadoEm')}>{celulaDataHora(m.criadoEm)}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:caixaSaida.enviadoEm')}>{celulaDataHora(m.enviadoEm)}</Descriptions.Item>
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
  const { pode } = useAutorizacao();
  const [vendo, setVendo] = useState<number | null>(null);
  useTitulo(`menu:acessos.${ACESSO}`);
  const reenviar = useAcao({
    mutationFn: (id: number) => dados(cliente.POST('/api/caixa-de-saida/{id}/reenviar', { params: { path: { id } } })),
    invalidar: [chaves('caixa-de-saida').todas],
    sucesso: t('sistema:caixaSaida.reenviado'),
  });
  const lista = useListaRecurso({
    recurso: 'caixa-de-saida',
    acesso: ACESSO,
    filtros: FILTROS,
    colunas: [
      { key: 'para', dataIndex: 'para', title: t('sistema:caixaSaida.para'), sorter: true },
      { key: 'assunto', dataIndex: 'assunto', title: t('sistema:caixaSaida.assunto') },
      {
        key: 'situacao',
        dataIndex: 'situacao',
        title: t('sistema:caixaSaida.situacao'),
        sorter: true,
        render: celulaSituacao,
      },
      { key: 'tentativas', dataIndex: 'tentativas', title: t('sistema:caixaSaida.tentativas') },
      { key: 'erro', dataIndex: 'erro', title: t('sistema:caixaSaida.erro'), render: celulaErro },
      {
        key: 'criadoEm',
        dataIndex: 'criadoEm',
        title: t('sistema:caixaSaida.criadoEm'),
        sorter: true,
        render: celulaDataHora,
      },
      { key: 'enviadoEm', dataIndex: 'enviadoEm', title: t('sistema:caixaSaida.enviadoEm'), render: celulaDataHora },
      colunaDeAcoes<Linha<'caixa-de-saida'>>(
        t('comum:acoes'),
        (m) => [
          { icone: <EyeOutlined />, rotulo: t('sistema:caixaSaida.ver'), aoClicar: () => setVendo(m.id) },
          m.situacao === 'ERRO' &&
            pode(ACESSO, 'U') && {
              icone: <SendOutlined />,
              rotulo: t('sistema:caixaSaida.reenviar'),
              confirmacao: t('sistema:caixaSaida.confirmarReenviar'),
              aoClicar: () => reenviar.mutate(m.id),
            },
        ],
        { pequeno: true },
      ),
    ],
  });

  return (
    <PaginaDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista}>
      {vendo !== null && <Mensagem id={vendo} fechar={() => setVendo(null)} />}
    </PaginaDaLista>
  );
}
