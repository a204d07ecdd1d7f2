import { EditOutlined, HistoryOutlined, PieChartOutlined, SendOutlined } from '@ant-design/icons';
import { ACESSO_TERMOS, CATEGORIAS_TERMO, type TermoResumo } from '@sig/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { AcaoLinha } from '../../platform/crud/AcoesLinha';
import { celulaNumero } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import {
  EtiquetaSituacao,
  ROTA_CADASTRAR_TERMO,
  rotaCobertura,
  rotaHistorico,
  rotaRascunho,
  rotaSolicitacoes,
} from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome' },
  { tipo: 'opcao', nome: 'categoriaTermo', opcoes: CATEGORIAS_TERMO },
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
];

/**
 * `/termos` (spec §2, issue 22): each term once, at its latest version, with its status, the
 * published version and its requests counted; from a row, its draft, history and requests.
 */
export default function TermoListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'menu']);
  useTitulo(`menu:acessos.${ACESSO_TERMOS}`);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const lista = useListaRecurso({
    recurso: 'termos',
    acesso: ACESSO_TERMOS,
    filtros: FILTROS,
    rotaForm: ROTA_CADASTRAR_TERMO,
    exportavel: false,
    colunas: [
      { key: 'nome', dataIndex: 'nome', title: t('campos:nome') },
      {
        key: 'categoriaTermo',
        dataIndex: 'categoriaTermo',
        title: t('campos:categoriaTermo'),
        render: (v: TermoResumo['categoriaTermo']) => t(`campos:opcao.categoriaTermo.${v}`),
      },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      { key: 'versao', dataIndex: 'versao', title: t('campos:versao'), align: 'right', render: celulaNumero },
      {
        key: 'situacaoTermo',
        dataIndex: 'situacaoTermo',
        title: t('campos:situacaoTermo'),
        render: (v: TermoResumo['situacaoTermo'], l: TermoResumo) => (
          <Space size={4} wrap>
            <EtiquetaSituacao situacao={v} />
            {l.temRascunho && v !== 'RASCUNHO' && <EtiquetaSituacao situacao="RASCUNHO" />}
          </Space>
        ),
      },
      {
        key: 'respostas',
        title: t('configuracoes:termos.respostas'),
        render: (_, l: TermoResumo) =>
          t('configuracoes:termos.contagem', {
            aceitos: l.aceitos,
            pendentes: l.pendentes,
            recusados: l.desconsiderados,
          }),
      },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        render: (_, l: TermoResumo) => (
          <Space size={0}>
            {pode(ACESSO_TERMOS, 'U') && (
              <AcaoLinha
                icone={<EditOutlined />}
                rotulo={t('configuracoes:termos.editarRascunho')}
                aoClicar={() => navegar(rotaRascunho(l.idCompartilhado))}
              />
            )}
            <AcaoLinha
              icone={<HistoryOutlined />}
              rotulo={t('configuracoes:termos.historico')}
              aoClicar={() => navegar(rotaHistorico(l.idCompartilhado))}
            />
            {l.versaoPublicada !== null && (
              <AcaoLinha
                icone={<SendOutlined />}
                rotulo={t('configuracoes:termos.solicitacoes')}
                aoClicar={() => navegar(rotaSolicitacoes(l.idCompartilhado))}
              />
            )}
            {l.versaoPublicada !== null && (
              <AcaoLinha
                icone={<PieChartOutlined />}
                rotulo={t('configuracoes:termos.cobertura')}
                aoClicar={() => navegar(rotaCobertura(l.idCompartilhado))}
              />
            )}
          </Space>
        ),
      },
    ],
  });
  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${ACESSO_TERMOS}`)}
      lista={lista}
      textoNovo={t('configuracoes:termos.novo')}
    />
  );
}
