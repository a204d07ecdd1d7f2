import {
  EyeOutlined,
  FilePdfOutlined,
  GiftOutlined,
  LoginOutlined,
  MailOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { ACESSO_INSCRICOES_EVENTOS, EXCECOES_INSCRICAO, type Inscricao, STATUS_INSCRICAO } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados, recurso } from '../../platform/cliente';
import { colunaDeAcoes } from '../../platform/crud/AcoesLinha';
import { celulaDataHora, celulaDinheiro } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { type Linha, useListaRecurso } from '../../platform/useListaRecurso';
import { useAcao } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { baixarCertificado, baixarCertificados } from './baixar';
import { CortesiaInscricaoModal } from './CortesiaInscricaoModal';
import { CortesiaModal } from './CortesiaModal';
import { celulaStatusInscricao, ExcecaoInscricao, ROTA_CHECK_IN, ROTA_INSCRICOES } from './comum';
import { EmailInscritosModal } from './EmailInscritosModal';

const INVALIDAR = [chaves('inscricoes-de-eventos').todas, chaves('evento-com-inscricao').todas];

/**
 * `/inscricoes-de-eventos` (spec §2): the registrations of the events in scope, by event, state,
 * lot, workshop, community and name, with their totals and export; a registration is cancelled
 * or a courtesy granted here, and the check-in screen opens from it.
 */
export default function InscricaoListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'eventos', 'menu']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const [url] = useSearchParams();
  const [cortesia, setCortesia] = useState(false);
  const [cortesiaDe, setCortesiaDe] = useState<Inscricao | null>(null);
  const [email, setEmail] = useState(false);
  const [selecionadas, setSelecionadas] = useState<number[]>([]);
  useTitulo(`menu:acessos.${ACESSO_INSCRICOES_EVENTOS}`);
  const eventoId = Number(url.get('eventoId')) || undefined;
  // The lots and workshops to filter by are the chosen event's.
  const evento = useQuery({
    queryKey: chaves('evento-com-inscricao').item(eventoId),
    queryFn: ({ signal }) => recurso.item('evento-com-inscricao', eventoId as number, signal, true),
    enabled: eventoId !== undefined,
  });
  const filtros = useMemo<FiltroLista[]>(
    () => [
      { tipo: 'referencia', nome: 'eventoId', referencia: 'evento-com-inscricao' },
      { tipo: 'opcao', nome: 'status', opcoes: STATUS_INSCRICAO, rotulos: 'eventos:status' },
      {
        tipo: 'escolha',
        nome: 'loteId',
        opcoes: (evento.data?.lotes ?? []).map((l) => ({
          value: l.id,
          label: t('eventos:lote', { numero: l.numero }),
        })),
      },
      {
        tipo: 'escolha',
        nome: 'oficinaId',
        opcoes: (evento.data?.oficinas ?? []).map((o) => ({ value: o.id, label: o.nome })),
      },
      { tipo: 'referencia', nome: 'comunidadeId', referencia: 'organizacao' },
      { tipo: 'texto', nome: 'nome' },
      { tipo: 'opcao', nome: 'excecao', opcoes: EXCECOES_INSCRICAO, rotulos: 'eventos:excecao' },
    ],
    [evento.data, t],
  );
  const cancelar = useAcao({
    mutationFn: (i: Inscricao) =>
      dados(cliente.POST('/api/inscricoes-de-eventos/{id}/cancelar', { params: { path: { id: i.id } } })),
    invalidar: INVALIDAR,
    sucesso: (i) => t('eventos:cancelada', { nome: i.nome }),
  });
  const certificado = useAcao({ mutationFn: (i: Inscricao) => baixarCertificado(i) });
  const certificados = useAcao({ mutationFn: (id: number) => baixarCertificados(id) });
  const podeAlterar = pode(ACESSO_INSCRICOES_EVENTOS, 'U');
  const lista = useListaRecurso({
    recurso: 'inscricoes-de-eventos',
    acesso: ACESSO_INSCRICOES_EVENTOS,
    filtros,
    colunas: [
      { key: 'codigo', dataIndex: 'codigo', title: t('campos:codigo') },
      { key: 'nome', dataIndex: 'nome', title: t('campos:nome') },
      { key: 'eventoNome', dataIndex: 'eventoNome', title: t('campos:eventoNome') },
      { key: 'email', dataIndex: 'email', title: t('campos:email') },
      { key: 'loteNumero', dataIndex: 'loteNumero', title: t('campos:loteNumero'), align: 'right' },
      {
        key: 'oficinas',
        dataIndex: 'oficinas',
        title: t('campos:oficinas'),
        render: (v: Inscricao['oficinas']) => v.map((o) => o.nome).join(', '),
      },
      { key: 'comunidadeNome', dataIndex: 'comunidadeNome', title: t('campos:comunidadeNome') },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('campos:status'),
        render: (v: Inscricao['status'], i: Inscricao) => (
          <>
            {celulaStatusInscricao(v)}
            <ExcecaoInscricao inscricao={i} />
          </>
        ),
      },
      {
        key: 'valor',
        dataIndex: 'valor',
        title: t('campos:valor'),
        align: 'right',
        render: celulaDinheiro,
        total: celulaDinheiro,
      },
      { key: 'checkInEm', dataIndex: 'checkInEm', title: t('campos:checkInEm'), render: celulaDataHora },
      colunaDeAcoes<Linha<'inscricoes-de-eventos'>>(
        t('comum:acoes'),
        (i) => [
          {
            icone: <EyeOutlined />,
            rotulo: t('eventos:verDados'),
            testId: `dados-${i.codigo}`,
            aoClicar: () => navegar(`${ROTA_INSCRICOES}/${i.eventoId}/dados-inscritos/${i.id}`),
          },
          !!i.checkInEm && {
            icone: <FilePdfOutlined />,
            rotulo: t('eventos:certificado.baixar'),
            testId: `certificado-${i.codigo}`,
            aoClicar: () => certificado.mutate(i as Inscricao),
          },
          podeAlterar &&
            i.status === 'PENDENTE' && {
              icone: <GiftOutlined />,
              rotulo: t('eventos:concederCortesia'),
              testId: `cortesia-${i.codigo}`,
              aoClicar: () => setCortesiaDe(i as Inscricao),
            },
          podeAlterar &&
            ['PENDENTE', 'CONFIRMADA', 'CORTESIA', 'LISTA_ESPERA'].includes(i.status) && {
              icone: <StopOutlined />,
              rotulo: t('eventos:cancelar'),
              perigo: true,
              confirmacao: t('eventos:confirmarCancelamento'),
              textoOk: t('eventos:cancelar'),
              carregando: cancelar.isPending && cancelar.variables?.id === i.id,
              testId: `cancelar-${i.codigo}`,
              aoClicar: () => cancelar.mutate(i as Inscricao),
            },
        ],
        { pequeno: true },
      ),
    ],
  });
  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${ACESSO_INSCRICOES_EVENTOS}`)}
      lista={lista}
      tabela={
        podeAlterar
          ? {
              rowSelection: {
                // No "select all": with none picked the message goes to every row of the filter.
                hideSelectAll: true,
                selectedRowKeys: selecionadas,
                preserveSelectedRowKeys: true,
                onChange: (k) => setSelecionadas(k as number[]),
              },
            }
          : undefined
      }
      extra={
        <>
          {lista.totais && (
            <Typography.Text type="secondary" data-testid="totais-inscricoes">
              {t('eventos:totais', lista.totais)}
            </Typography.Text>
          )}
          {eventoId !== undefined && (
            <Button
              icon={<FilePdfOutlined />}
              loading={certificados.isPending}
              data-testid="baixar-certificados"
              onClick={() => certificados.mutate(eventoId)}
            >
              {t('eventos:certificado.baixarTodos')}
            </Button>
          )}
          {podeAlterar && (
            <Button icon={<LoginOutlined />} data-testid="abrir-check-in" onClick={() => navegar(ROTA_CHECK_IN)}>
              {t('eventos:checkIn.abrir')}
            </Button>
          )}
          {podeAlterar && (
            <Button icon={<MailOutlined />} data-testid="email-inscritos" onClick={() => setEmail(true)}>
              {selecionadas.length
                ? t('eventos:email.abrirSelecionadas', { count: selecionadas.length })
                : t('eventos:email.abrir')}
            </Button>
          )}
          {pode(ACESSO_INSCRICOES_EVENTOS, 'C') && (
            <Button icon={<GiftOutlined />} data-testid="nova-cortesia" onClick={() => setCortesia(true)}>
              {t('eventos:novaCortesia')}
            </Button>
          )}
        </>
      }
    >
      <CortesiaInscricaoModal inscricao={cortesiaDe} fechar={() => setCortesiaDe(null)} invalidar={INVALIDAR} />
      <EmailInscritosModal
        aberto={email}
        fechar={() => setEmail(false)}
        filtros={lista.atuais}
        ids={selecionadas}
        total={lista.consulta.data?.total ?? 0}
      />
      <CortesiaModal aberto={cortesia} fechar={() => setCortesia(false)} eventoId={eventoId} invalidar={INVALIDAR} />
    </PaginaDaLista>
  );
}
