import { CheckCircleOutlined, DollarOutlined, StopOutlined } from '@ant-design/icons';
import {
  type ContaAReceber,
  cancelamentoContaAReceberInput,
  STATUS_CONTA_A_RECEBER,
  STATUS_EDITAVEIS,
} from '@sig/contracts';
import { Button, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { celulaData, celulaDinheiro } from '../../platform/crud/celulas';
import { Estorno } from '../../platform/crud/Estorno';
import type { FiltroLista } from '../../platform/crud/filtros';
import { CabecalhoDaLista, ErroDaLista, FiltrosDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useAcao } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { CobrarConta } from './CobrarConta';
import {
  ACESSO_COBRANCA,
  ACESSO_CONTA,
  ACESSO_PAGAMENTO,
  ROTA_FORM_CONTA,
  ROTA_FORM_PAGAMENTO,
  STATUS_PAGAVEIS,
} from './comum';
import { DeclaracaoAnual } from './DeclaracaoAnual';
import { celulaStatusConta } from './StatusConta';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'referencia', nome: 'pessoaId', referencia: 'pessoa' },
  { tipo: 'multipla', nome: 'status', opcoes: STATUS_CONTA_A_RECEBER, rotulos: 'campos:opcao.statusContaAReceber' },
  { tipo: 'periodo', de: 'vencimentoDe', ate: 'vencimentoAte' },
  { tipo: 'numero', nome: 'mesCompetencia' },
  { tipo: 'numero', nome: 'anoCompetencia' },
  // Issue 17: excluded receivables stay out of the list and its totals unless asked for.
  { tipo: 'booleano', nome: 'incluirExcluidos' },
];

/**
 * `/conta-a-receber` (spec §2): the scope's receivables filtered by holder, status and due date,
 * competence and whether excluded ones count, with the expected and paid sums of the whole set
 * and its export; the charge generated from the list, cancel with a reason (status cancelled) and
 * delete (status excluded) while still open.
 */
export default function ContaAReceberPage() {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const [cobrando, setCobrando] = useState<ContaAReceber | null>(null);
  const [cancelando, setCancelando] = useState<ContaAReceber | null>(null);
  const cancelar = useAcao({
    mutationFn: (motivo: string) =>
      dados(
        cliente.POST('/api/conta-a-receber/{id}/cancelar', {
          params: { path: { id: (cancelando as ContaAReceber).id } },
          body: { motivo },
        }),
      ),
    meta: { erroTratado: true },
    invalidar: [chaves('conta-a-receber').todas],
    sucesso: t('cobrancas:receber.contaCancelada'),
  });
  useTitulo(`menu:acessos.${ACESSO_CONTA}`);
  const aberta = (c: ContaAReceber) => STATUS_EDITAVEIS.includes(c.status) && !c.cobrancaGerada;
  const lista = useListaRecurso({
    recurso: 'conta-a-receber',
    acesso: ACESSO_CONTA,
    filtros: FILTROS,
    ordenacao: { campo: 'vencimento', ordem: 'asc' },
    rotaForm: ROTA_FORM_CONTA,
    colunas: [
      { key: 'titular', dataIndex: 'titularNome', title: t('campos:titularNome'), sorter: true },
      {
        key: 'competencia',
        title: t('cobrancas:receber.competencia'),
        sorter: true,
        render: (_, c) => `${String(c.mesCompetencia).padStart(2, '0')}/${c.anoCompetencia}`,
      },
      { key: 'vencimento', dataIndex: 'vencimento', title: t('campos:vencimento'), sorter: true, render: celulaData },
      {
        key: 'valorPrevisto',
        dataIndex: 'valorPrevisto',
        title: t('campos:valorPrevisto'),
        align: 'right',
        sorter: true,
        render: celulaDinheiro,
        total: celulaDinheiro,
      },
      {
        key: 'valorPago',
        dataIndex: 'valorPago',
        title: t('campos:valorPago'),
        align: 'right',
        render: celulaDinheiro,
        total: celulaDinheiro,
      },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('campos:status'),
        sorter: true,
        render: (v: ContaAReceber['status'], c) => (
          <span title={c.motivoCancelamento ?? undefined}>{celulaStatusConta(v)}</span>
        ),
      },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        render: (_, c) => (
          <Space size={4}>
            <AcoesLinha {...lista.acoes(c, { editavel: aberta(c), excluivel: aberta(c) })} />
            {pode(ACESSO_COBRANCA, 'C') && aberta(c) && (
              <Button
                size="small"
                type="text"
                icon={<DollarOutlined />}
                aria-label={t('cobrancas:receber.cobrar')}
                title={t('cobrancas:receber.cobrar')}
                onClick={() => setCobrando(c)}
              />
            )}
            {pode(ACESSO_PAGAMENTO, 'C') && STATUS_PAGAVEIS.includes(c.status) && (
              <Button
                size="small"
                type="text"
                icon={<CheckCircleOutlined />}
                aria-label={t('cobrancas:pagamento.registrar')}
                title={t('cobrancas:pagamento.registrar')}
                onClick={() => navegar(`${ROTA_FORM_PAGAMENTO}?conta=${c.id}`)}
              />
            )}
            {pode(ACESSO_CONTA, 'U') && aberta(c) && (
              <Button
                size="small"
                type="text"
                danger
                icon={<StopOutlined />}
                aria-label={t('cobrancas:receber.cancelarConta')}
                title={t('cobrancas:receber.cancelarConta')}
                onClick={() => setCancelando(c)}
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
        titulo={t(`menu:acessos.${ACESSO_CONTA}`)}
        lista={lista}
        textoNovo={t('cobrancas:receber.novaConta')}
        extra={<DeclaracaoAnual pessoaId={lista.atuais.pessoaId ? Number(lista.atuais.pessoaId) : undefined} />}
      />
      <FiltrosDaLista lista={lista} />
      <ErroDaLista erro={lista.consulta.error} form={lista.searchFormProps.form} />
      <Table {...lista.tableProps} size="small" />
      <CobrarConta conta={cobrando} fechar={() => setCobrando(null)} />
      <Estorno
        aberto={!!cancelando}
        titulo={t('cobrancas:receber.cancelarContaTitulo', { titular: cancelando?.titularNome ?? '' })}
        aviso={t('cobrancas:receber.cancelarContaAviso')}
        esquema={cancelamentoContaAReceberInput}
        campo="motivo"
        fechar={() => setCancelando(null)}
        estornar={cancelar.mutateAsync}
      />
    </Space>
  );
}
