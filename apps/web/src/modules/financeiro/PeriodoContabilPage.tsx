import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { periodoInput, SITUACOES_PERIODO } from '@sig/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { AcaoLinha } from '../../platform/crud/AcoesLinha';
import { celulaData, celulaDinheiro } from '../../platform/crud/celulas';
import { EntradaData, SelectReferencia } from '../../platform/crud/controles';
import type { FiltroLista } from '../../platform/crud/filtros';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { regrasZod } from '../../platform/formulario';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useMutacaoForm } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'PeriodoContabil';
const FILTROS: readonly FiltroLista[] = [
  { tipo: 'referencia', nome: 'contaCaixaId', referencia: 'conta-caixa' },
  { tipo: 'opcao', nome: 'situacao', opcoes: SITUACOES_PERIODO, rotulos: 'campos:opcao.situacaoPeriodo' },
];
// Closing and reopening change balances: the ledger's too.
const INVALIDAR = [chaves('periodo-contabil').todas, chaves('lancamento-caixa').todas];
type NovoPeriodo = { contaCaixaId?: number; dataInicio?: string; dataFim?: string };

/** Opens a period on a cash account (the first one, or one after a gap). */
function AbrirPeriodo({
  aberto,
  fechar,
  contaCaixaId,
}: {
  aberto: boolean;
  fechar: () => void;
  contaCaixaId?: number;
}) {
  const { t } = useTranslation(['campos', 'comum', 'financeiro']);
  const [form] = Form.useForm<NovoPeriodo>();
  const regras = regrasZod(periodoInput);
  const abrir = useMutacaoForm(form, {
    mutationFn: (v: NovoPeriodo) => dados(cliente.POST('/api/periodo-contabil/', { body: v as never })),
    invalidar: INVALIDAR,
    sucesso: t('comum:salvoComSucesso'),
    onSuccess: fechar,
  });
  return (
    <ModalDeFormulario
      aberto={aberto}
      titulo={t('financeiro:abrirPeriodo')}
      form={form}
      enviando={abrir.isPending}
      fechar={fechar}
      nome="novo-periodo"
      iniciais={{ contaCaixaId }}
      aoEnviar={(v) => abrir.mutate(v)}
    >
      <Form.Item name="contaCaixaId" label={t('campos:contaCaixaId')} required rules={regras('contaCaixaId')}>
        <SelectReferencia referencia="conta-caixa" />
      </Form.Item>
      <Form.Item name="dataInicio" label={t('campos:dataInicio')} required rules={regras('dataInicio')}>
        <EntradaData style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="dataFim"
        label={t('campos:dataFim')}
        required
        dependencies={['dataInicio']}
        rules={regras('dataFim')}
      >
        <EntradaData style={{ width: '100%' }} />
      </Form.Item>
    </ModalDeFormulario>
  );
}

/**
 * `/periodo-contabil` (spec §2, §4): the periods of the cash accounts with their balances.
 * Closing fixes the final balance and opens the next period; reopening is for the latest closed
 * one; both ask for confirmation, and the server wants it said.
 */
export default function PeriodoContabilPage() {
  const { t } = useTranslation(['campos', 'comum', 'financeiro', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const [novo, setNovo] = useState(false);
  useTitulo(`menu:acessos.${ACESSO}`);
  // A refusal is told by the app's handler.
  const mudarSituacao = useMutation({
    mutationFn: ({ id, acao }: { id: number; acao: 'fechar' | 'reabrir' }) =>
      acao === 'fechar'
        ? dados(
            cliente.PUT('/api/periodo-contabil/{id}/fechar', { params: { path: { id } }, body: { confirmado: true } }),
          )
        : dados(
            cliente.PUT('/api/periodo-contabil/{id}/reabrir', { params: { path: { id } }, body: { confirmado: true } }),
          ),
    onSuccess: async (_r, { acao }) => {
      await Promise.all(INVALIDAR.map((k) => qc.invalidateQueries({ queryKey: k })));
      void message.success(t(acao === 'fechar' ? 'financeiro:periodoFechado' : 'financeiro:periodoReaberto'));
    },
  });
  const podeMudar = pode(ACESSO, 'U');

  const lista = useListaRecurso({
    recurso: 'periodo-contabil',
    acesso: ACESSO,
    aoNovo: () => setNovo(true),
    filtros: FILTROS,
    ordenacao: { ordem: 'desc' },
    exportavel: false,
    colunas: [
      { key: 'contaCaixaNome', dataIndex: 'contaCaixaNome', title: t('campos:contaCaixaId') },
      {
        key: 'periodo',
        title: t('campos:periodoContabilId'),
        render: (_, p) => (
          <>
            {celulaData(p.dataInicio)} – {celulaData(p.dataFim)}
          </>
        ),
      },
      {
        key: 'situacao',
        dataIndex: 'situacao',
        title: t('campos:situacao'),
        // Plain tags with an icon: antd's colored ones fail the contrast check.
        render: (v: (typeof SITUACOES_PERIODO)[number]) => (
          <Tag icon={v === 'ABERTO' ? <UnlockOutlined /> : <LockOutlined />}>
            {t(`campos:opcao.situacaoPeriodo.${v}`)}
          </Tag>
        ),
      },
      {
        key: 'saldoInicial',
        dataIndex: 'saldoInicial',
        title: t('campos:saldoInicial'),
        align: 'right',
        render: celulaDinheiro,
      },
      {
        key: 'saldoAtual',
        dataIndex: 'saldoAtual',
        title: t('campos:saldoAtual'),
        align: 'right',
        render: celulaDinheiro,
      },
      {
        key: 'saldoFinal',
        dataIndex: 'saldoFinal',
        title: t('campos:saldoFinal'),
        align: 'right',
        render: celulaDinheiro,
      },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        render: (_, p) => {
          if (!podeMudar) return null;
          const acao = p.situacao === 'ABERTO' ? 'fechar' : 'reabrir';
          return (
            <AcaoLinha
              comTexto
              pequeno
              icone={acao === 'fechar' ? <LockOutlined /> : <UnlockOutlined />}
              rotulo={t(`financeiro:${acao}`)}
              confirmacao={t(acao === 'fechar' ? 'financeiro:confirmarFechamento' : 'financeiro:confirmarReabertura')}
              textoOk={t(`financeiro:${acao}`)}
              aoClicar={() => mudarSituacao.mutate({ id: p.id, acao })}
            />
          );
        },
      },
    ],
  });
  const contaCaixaId = lista.atuais.contaCaixaId ? Number(lista.atuais.contaCaixaId) : undefined;

  return (
    <PaginaDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista} textoNovo={t('financeiro:abrirPeriodo')}>
      <AbrirPeriodo aberto={novo} fechar={() => setNovo(false)} contaCaixaId={contaCaixaId} />
    </PaginaDaLista>
  );
}
