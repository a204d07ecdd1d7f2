import { SITUACOES_SOLICITACAO, type SituacaoSolicitacao, type SituacaoTermo } from '@sig/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const ROTA_LISTA_TERMOS = '/termos';
export const ROTA_CADASTRAR_TERMO = '/termos/cadastrar';
export const rotaRascunho = (idCompartilhado: string) => `/termos/editar-rascunho/${idCompartilhado}`;
export const rotaHistorico = (idCompartilhado: string) => `/termos/historico/${idCompartilhado}`;
export const rotaSolicitacoes = (idCompartilhado: string) => `/termos/solicitacies/${idCompartilhado}`;
export const rotaCobertura = (idCompartilhado: string) => `/termos/cobertura/${idCompartilhado}`;

/** A status as a tag's light fill under the theme's dark text; the text names the status. */
const CORES: Record<SituacaoTermo | SituacaoSolicitacao, string> = {
  RASCUNHO: '#fff1b8',
  PUBLICADO: '#d9f7be',
  SUBSTITUIDO: '#d9d9d9',
  PENDENTE: '#fff1b8',
  ACEITO: '#d9f7be',
  DESCONSIDERADO: '#ffccc7',
  REVOGADO: '#ffd8bf',
};

export function EtiquetaSituacao({ situacao }: { situacao: SituacaoTermo | SituacaoSolicitacao }) {
  const { t } = useTranslation(['campos']);
  const campo = (SITUACOES_SOLICITACAO as readonly string[]).includes(situacao)
    ? 'situacaoSolicitacao'
    : 'situacaoTermo';
  return (
    <Tag color={CORES[situacao]} style={{ color: 'rgba(0,0,0,0.88)' }}>
      {t(`campos:opcao.${campo}.${situacao}` as never)}
    </Tag>
  );
}
