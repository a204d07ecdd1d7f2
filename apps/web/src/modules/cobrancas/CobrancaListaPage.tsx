import { EyeOutlined } from '@ant-design/icons';
import { type CobrancaResumo, FORMAS_COBRANCA, STATUS_CONTA_A_RECEBER } from '@sig/contracts';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { celulaData, celulaDinheiro } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { AcoesCobranca } from './AcoesCobranca';
import { ACESSO_COBRANCA, ACESSO_CONTA, ROTA_FORM_CONTA } from './comum';
import { celulaStatusConta } from './StatusConta';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'titular', max: 200 },
  { tipo: 'multipla', nome: 'status', opcoes: STATUS_CONTA_A_RECEBER, rotulos: 'campos:opcao.statusContaAReceber' },
  { tipo: 'multipla', nome: 'forma', opcoes: FORMAS_COBRANCA, rotulos: 'campos:opcao.formaPagamento' },
  { tipo: 'periodo', de: 'vencimentoDe', ate: 'vencimentoAte' },
  { tipo: 'booleano', nome: 'incluirCanceladas' },
];

/**
 * `/cobranca` (spec §2): the scope's charges at the payment provider, whatever their receivable,
 * filtered by holder, status, method and due date; exported; cancelled at the provider while open.
 */
export default function CobrancaListaPage() {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum', 'menu']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  useTitulo(`menu:acessos.${ACESSO_COBRANCA}`);
  const lista = useListaRecurso({
    recurso: 'cobranca',
    acesso: ACESSO_COBRANCA,
    filtros: FILTROS,
    ordenacao: { campo: 'vencimento', ordem: 'asc' },
    colunas: [
      { key: 'titular', dataIndex: 'titularNome', title: t('campos:titularNome'), sorter: true },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      {
        key: 'competencia',
        title: t('campos:competencia'),
        render: (_, c) => `${String(c.mesCompetencia).padStart(2, '0')}/${c.anoCompetencia}`,
      },
      {
        key: 'forma',
        dataIndex: 'forma',
        title: t('campos:formaPagamento'),
        render: (v: (typeof FORMAS_COBRANCA)[number]) => t(`campos:opcao.formaPagamento.${v}`),
      },
      { key: 'vencimento', dataIndex: 'vencimento', title: t('campos:vencimento'), sorter: true, render: celulaData },
      {
        key: 'valor',
        dataIndex: 'valor',
        title: t('campos:valor'),
        align: 'right',
        sorter: true,
        render: celulaDinheiro,
        total: celulaDinheiro,
      },
      { key: 'status', dataIndex: 'status', title: t('campos:status'), sorter: true, render: celulaStatusConta },
      { key: 'dataPagamento', dataIndex: 'dataPagamento', title: t('campos:dataPagamento'), render: celulaData },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        render: (_, c) => (
          <Space size={4}>
            {pode(ACESSO_CONTA, 'R') && (
              <Button
                size="small"
                type="text"
                icon={<EyeOutlined />}
                aria-label={t('cobrancas:cobranca.verConta')}
                title={t('cobrancas:cobranca.verConta')}
                onClick={() => navegar(`${ROTA_FORM_CONTA}/${c.contaAReceberId}/visualizacao`)}
              />
            )}
            <AcoesCobranca cobranca={c as CobrancaResumo} />
          </Space>
        ),
      },
    ],
  });

  return <PaginaDaLista titulo={t(`menu:acessos.${ACESSO_COBRANCA}`)} lista={lista} />;
}
