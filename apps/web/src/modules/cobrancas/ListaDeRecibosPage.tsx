import { FilePdfOutlined, MailOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { type ContaAReceber, justificativaEstornoInput, type ReciboResumo } from '@sig/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baixarArquivo } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados, recurso } from '../../platform/cliente';
import { colunaDeAcoes } from '../../platform/crud/AcoesLinha';
import { celulaData, celulaDinheiro } from '../../platform/crud/celulas';
import { SelectReferencia } from '../../platform/crud/controles';
import { Estorno } from '../../platform/crud/Estorno';
import type { FiltroLista } from '../../platform/crud/filtros';
import { formatarMascara } from '../../platform/crud/mascaras';
import { CabecalhoDaLista, ErroDaLista, FiltrosDaLista } from '../../platform/crud/PartesDaLista';
import { mensagemDeErro } from '../../platform/formulario';
import { type Linha, useListaRecurso } from '../../platform/useListaRecurso';
import { useAcao } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_RECIBO } from './comum';
import { DeclaracaoAnual } from './DeclaracaoAnual';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'referencia', nome: 'pessoaId', referencia: 'pessoa' },
  { tipo: 'numero', nome: 'numero' },
  { tipo: 'periodo', de: 'dataDe', ate: 'dataAte', padrao: 'mes' },
  { tipo: 'opcao', nome: 'situacao', opcoes: ['emitidos', 'estornados'], rotulos: 'cobrancas:recibos.situacao' },
];
const numeroTela = (n: number) => String(n).padStart(6, '0');
const documentoTela = (d: string | null) => (d ? formatarMascara(d.length === 14 ? 'cnpj' : 'cpf', d) : '');
const INVALIDAR = [chaves('recibo').todas, chaves('conta-a-receber').todas];

/** Paid receivables not in a receipt, chosen by hand; the server applies spec §5's rules. */
function EmitirRecibo({ aberto, fechar }: { aberto: boolean; fechar: () => void }) {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum', 'erros']);
  const [pessoaId, setPessoaId] = useState<number | null>(null);
  const [selecionadas, setSelecionadas] = useState<number[]>([]);
  const [pagina, setPagina] = useState(1);
  const consulta = {
    status: 'PAGO',
    semRecibo: 'true',
    pagina,
    quantidade: 10,
    ordenarPor: 'titular',
    ...(pessoaId ? { pessoaId } : {}),
  };
  const q = useQuery({
    queryKey: chaves('conta-a-receber').lista(consulta),
    queryFn: ({ signal }) => recurso.pagina('conta-a-receber', consulta, signal),
    enabled: aberto,
    placeholderData: keepPreviousData,
  });
  const emitir = useAcao({
    mutationFn: () => dados(cliente.POST('/api/recibo/', { body: { contaAReceberIds: selecionadas } })),
    invalidar: INVALIDAR,
    sucesso: (r) => t('cobrancas:recibos.emitido', { numero: numeroTela(r.numero) }),
    onSuccess: () => {
      setSelecionadas([]);
      fechar();
    },
  });
  return (
    <Modal
      open={aberto}
      width={860}
      title={t('cobrancas:recibos.emitirTitulo')}
      okText={t('cobrancas:recibos.emitir')}
      okButtonProps={{ disabled: !selecionadas.length, loading: emitir.isPending }}
      cancelText={t('comum:cancelar')}
      onOk={() => emitir.mutate()}
      onCancel={fechar}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('cobrancas:recibos.selecioneContas')}</Typography.Text>
        <div style={{ maxWidth: 360 }}>
          <SelectReferencia
            referencia="pessoa"
            allowClear
            placeholder={t('campos:pessoaId')}
            aria-label={t('campos:pessoaId')}
            value={pessoaId}
            onChange={(v: number | null) => {
              setPessoaId(v ?? null);
              setPagina(1);
            }}
          />
        </div>
        <Table<ContaAReceber>
          rowKey="id"
          size="small"
          data-testid="contas-para-recibo"
          loading={q.isFetching}
          dataSource={(q.data?.itens ?? []) as ContaAReceber[]}
          locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
          rowSelection={{
            selectedRowKeys: selecionadas,
            preserveSelectedRowKeys: true,
            onChange: (k) => setSelecionadas(k as number[]),
          }}
          pagination={{ current: pagina, pageSize: 10, total: q.data?.total ?? 0, onChange: setPagina }}
          columns={[
            { key: 'titularNome', dataIndex: 'titularNome', title: t('campos:titularNome') },
            {
              key: 'competencia',
              title: t('cobrancas:receber.competencia'),
              render: (_: unknown, c: ContaAReceber) =>
                `${String(c.mesCompetencia).padStart(2, '0')}/${c.anoCompetencia}`,
            },
            { key: 'dataPagamento', dataIndex: 'dataPagamento', title: t('campos:dataPagamento'), render: celulaData },
            {
              key: 'valorPago',
              dataIndex: 'valorPago',
              title: t('campos:valorPago'),
              align: 'right',
              render: celulaDinheiro,
            },
          ]}
        />
      </Space>
    </Modal>
  );
}

/**
 * `/lista-de-recibos` (spec §2): the scope's receipts by holder, number and date; issue one for
 * paid receivables, download its PDF, reverse it with a justification (spec §4).
 */
export default function ListaDeRecibosPage() {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const [emitindo, setEmitindo] = useState(false);
  const [estornando, setEstornando] = useState<ReciboResumo | null>(null);
  useTitulo(`menu:acessos.${ACESSO_RECIBO}`);

  const baixar = useMutation({
    mutationFn: async (r: ReciboResumo) => {
      const { data, response } = await cliente.GET('/api/recibo/{id}/pdf', {
        params: { path: { id: r.id } },
        parseAs: 'blob',
      });
      baixarArquivo(data as Blob, response, `recibo-${numeroTela(r.numero)}.pdf`);
    },
  });
  // A holder without an e-mail (or a reversed receipt) is told in the server's words.
  const enviar = useMutation({
    mutationFn: (r: ReciboResumo) => dados(cliente.POST('/api/recibo/{id}/email', { params: { path: { id: r.id } } })),
    onSuccess: (r) => void message.success(t('cobrancas:recibos.emailEnviado', { para: r.para })),
    onError: (e) => void message.error(mensagemDeErro(e)),
  });
  const estornar = useAcao({
    mutationFn: (justificativa: string) =>
      dados(
        cliente.POST('/api/recibo/{id}/estorno', {
          params: { path: { id: (estornando as ReciboResumo).id } },
          body: { justificativa },
        }),
      ),
    meta: { erroTratado: true },
    invalidar: INVALIDAR,
    sucesso: t('cobrancas:recibos.estornado'),
  });

  const lista = useListaRecurso({
    recurso: 'recibo',
    acesso: ACESSO_RECIBO,
    filtros: FILTROS,
    ordenacao: { campo: 'numero', ordem: 'desc' },
    exportavel: false,
    colunas: [
      { key: 'numero', dataIndex: 'numero', title: t('campos:numero'), render: numeroTela },
      { key: 'data', dataIndex: 'data', title: t('campos:data'), render: celulaData },
      { key: 'titularNome', dataIndex: 'titularNome', title: t('campos:titularNome') },
      { key: 'titularDocumento', dataIndex: 'titularDocumento', title: t('campos:documento'), render: documentoTela },
      { key: 'quantidadeItens', dataIndex: 'quantidadeItens', title: t('cobrancas:recibos.itens'), align: 'right' },
      {
        key: 'total',
        dataIndex: 'total',
        title: t('campos:total'),
        align: 'right',
        render: celulaDinheiro,
        total: celulaDinheiro,
      },
      {
        key: 'situacao',
        title: t('campos:situacao'),
        // Neutral tags: the coloured ones fail the contrast check.
        render: (_, r) => (
          <Tag title={r.justificativaEstorno ?? undefined}>
            {t(`cobrancas:recibos.situacao.${r.estornadoEm ? 'estornados' : 'emitidos'}`)}
          </Tag>
        ),
      },
      {
        key: 'justificativaEstorno',
        dataIndex: 'justificativaEstorno',
        title: t('cobrancas:recibos.justificativaEstorno'),
        ellipsis: { showTitle: true },
      },
      colunaDeAcoes<Linha<'recibo'>>(
        t('comum:acoes'),
        (r) => [
          {
            icone: <FilePdfOutlined />,
            rotulo: t('cobrancas:recibos.baixarPdf'),
            aoClicar: () => baixar.mutate(r as ReciboResumo),
          },
          pode(ACESSO_RECIBO, 'C') &&
            !r.estornadoEm && {
              icone: <MailOutlined />,
              rotulo: t('cobrancas:recibos.enviarEmail'),
              confirmacao: t('cobrancas:recibos.confirmarEmail', { numero: numeroTela(r.numero) }),
              textoOk: t('cobrancas:recibos.enviarEmail'),
              carregando: enviar.isPending && enviar.variables?.id === r.id,
              aoClicar: () => enviar.mutate(r as ReciboResumo),
            },
          pode(ACESSO_RECIBO, 'D') &&
            !r.estornadoEm && {
              perigo: true,
              icone: <RollbackOutlined />,
              rotulo: t('cobrancas:recibos.estornar'),
              aoClicar: () => setEstornando(r as ReciboResumo),
            },
        ],
        { pequeno: true },
      ),
    ],
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CabecalhoDaLista
        titulo={t(`menu:acessos.${ACESSO_RECIBO}`)}
        lista={lista}
        extra={
          <>
            <DeclaracaoAnual />
            {pode(ACESSO_RECIBO, 'C') && (
              <Button type="primary" icon={<PlusOutlined />} data-testid="emitir" onClick={() => setEmitindo(true)}>
                {t('cobrancas:recibos.emitir')}
              </Button>
            )}
          </>
        }
      />
      <FiltrosDaLista lista={lista} />
      <ErroDaLista erro={lista.consulta.error} form={lista.searchFormProps.form} />
      <Table {...lista.tableProps} size="small" />
      <EmitirRecibo aberto={emitindo} fechar={() => setEmitindo(false)} />
      <Estorno
        aberto={!!estornando}
        titulo={t('cobrancas:recibos.estornarTitulo', { numero: estornando ? numeroTela(estornando.numero) : '' })}
        aviso={t('cobrancas:recibos.estornarAviso')}
        esquema={justificativaEstornoInput}
        fechar={() => setEstornando(null)}
        estornar={estornar.mutateAsync}
      />
    </Space>
  );
}
