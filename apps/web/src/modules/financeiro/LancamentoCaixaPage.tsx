import { RollbackOutlined } from '@ant-design/icons';
import { estornoInput, type Lancamento } from '@sig/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { celulaData, celulaDinheiro } from '../../platform/crud/celulas';
import { Estorno } from '../../platform/crud/Estorno';
import type { FiltroLista } from '../../platform/crud/filtros';
import { CabecalhoDaLista, ErroDaLista, FiltrosDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_LANCAMENTO, ROTA_FORM_LANCAMENTO } from './comum';

// Issue 17: the ledger opens on a cash account and the month so far (spec §9).
const FILTROS: readonly FiltroLista[] = [
  { tipo: 'referencia', nome: 'contaCaixaId', referencia: 'conta-caixa', padrao: 'primeira' },
  { tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte', padrao: 'mes' },
  { tipo: 'texto', nome: 'historico', max: 200 },
];

/**
 * `/lancamento-caixa` (spec §2): the cash ledger of the scope, filtered by account, period and
 * description; the running balance is shown only for one account (it is per account); reversal
 * with a justification.
 */
export default function LancamentoCaixaPage() {
  const { t } = useTranslation(['campos', 'comum', 'financeiro', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [estornando, setEstornando] = useState<Lancamento | null>(null);
  useTitulo(`menu:acessos.${ACESSO_LANCAMENTO}`);
  const alteravel = (l: { estornadoEm: string | null; estornoDeId: number | null }) => !l.estornadoEm && !l.estornoDeId;

  const estornar = useMutation({
    mutationFn: (justificativa: string) =>
      dados(
        cliente.POST('/api/lancamento-caixa/{id}/estornar', {
          params: { path: { id: (estornando as Lancamento).id } },
          body: { justificativa },
        }),
      ),
    meta: { erroTratado: true },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: chaves('lancamento-caixa').todas });
      void message.success(t('financeiro:estornado'));
    },
  });

  const lista = useListaRecurso({
    recurso: 'lancamento-caixa',
    acesso: ACESSO_LANCAMENTO,
    filtros: FILTROS,
    ordenacao: { ordem: 'asc' },
    rotaForm: ROTA_FORM_LANCAMENTO,
    // `/lancamento-caixa/exportar` is the accounting file (LivrosPages); the list's file is beside it.
    rotaExportacao: '/exportar-lista',
    colunas: [
      { key: 'data', dataIndex: 'data', title: t('campos:data'), render: celulaData },
      { key: 'contaCaixaNome', dataIndex: 'contaCaixaNome', title: t('campos:contaCaixaId') },
      {
        key: 'historico',
        dataIndex: 'historico',
        title: t('campos:historico'),
        render: (v: string, l) => (
          <Space size={4}>
            {v}
            {l.estornadoEm && <Tag icon={<RollbackOutlined />}>{t('financeiro:estornado')}</Tag>}
            {l.transferenciaId && <Tag>{t('campos:opcao.tipo.TRANSFERENCIA')}</Tag>}
          </Space>
        ),
      },
      { key: 'planoContaNome', dataIndex: 'planoContaNome', title: t('campos:planoContaNome') },
      {
        key: 'valor',
        dataIndex: 'valor',
        title: t('campos:valor'),
        align: 'right',
        render: celulaDinheiro,
        total: celulaDinheiro,
      },
      // A balance running across several accounts means nothing.
      ...(params.get('contaCaixaId')
        ? [
            {
              key: 'saldo',
              dataIndex: 'saldo',
              title: t('campos:saldo'),
              align: 'right' as const,
              render: celulaDinheiro,
            },
          ]
        : []),
      {
        key: 'acoes',
        title: t('comum:acoes'),
        render: (_, l) => (
          <Space size={4}>
            <AcoesLinha {...lista.acoes(l, { editavel: alteravel(l) && !l.transferenciaId, excluivel: false })} />
            {pode(ACESSO_LANCAMENTO, 'U') && alteravel(l) && (
              <Button
                size="small"
                type="text"
                danger
                icon={<RollbackOutlined />}
                aria-label={t('financeiro:estornar')}
                title={t('financeiro:estornar')}
                onClick={() => setEstornando(l as Lancamento)}
              />
            )}
          </Space>
        ),
      },
    ],
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CabecalhoDaLista
        titulo={t(`menu:acessos.${ACESSO_LANCAMENTO}`)}
        lista={lista}
        textoNovo={t('financeiro:novoLancamento')}
      />
      <FiltrosDaLista lista={lista} />
      <ErroDaLista erro={lista.consulta.error} form={lista.searchFormProps.form} />
      <Table {...lista.tableProps} size="small" />
      <Estorno
        aberto={!!estornando}
        titulo={t('financeiro:estornarTitulo', { historico: estornando?.historico ?? '' })}
        aviso={t('financeiro:estornoDica')}
        esquema={estornoInput}
        fechar={() => setEstornando(null)}
        estornar={estornar.mutateAsync}
      />
    </Space>
  );
}
