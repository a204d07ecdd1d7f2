import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { clienteDiscreto, dados } from '../../platform/cliente';
import { useTitulo } from '../../platform/useTitulo';
import { QuadroDoTermo, useLinkDoTermo } from './linkDoTermo';
import { PublicoCard } from './PublicoCard';

/** The link's problems and states the page explains in its own words. */
const TITULOS: Record<string, 'linkInvalido' | 'jaRevogado' | 'naoAceito'> = {
  TERMO_LINK_INVALIDO: 'linkInvalido',
  TERMO_JA_REVOGADO: 'jaRevogado',
  TERMO_NAO_ACEITO: 'naoAceito',
};

/**
 * Public revocation page (issue 22 item 4, no sign-in): the revocation link every request e-mail
 * carries opens the consent it withdraws; one click revokes it (recorded in the consent ledger).
 */
export default function TermosRevogacaoPage() {
  const { t } = useTranslation(['publico']);
  useTitulo('publico:titulos.termos');
  const { token, estado, enviando, enviar } = useLinkDoTermo((token) =>
    dados(clienteDiscreto.GET('/api/termos/publico/revogacao/{token}', { params: { path: { token } } })),
  );
  const revogar = () =>
    enviar((token) =>
      dados(clienteDiscreto.POST('/api/termos/publico/revogacao/{token}', { params: { path: { token } } })),
    );

  if (!token || estado.tipo === 'carregando')
    return <QuadroDoTermo titulo={t('publico:termos.carregando')} status="info" />;
  if (estado.tipo === 'erro') {
    const chave = TITULOS[estado.codigo];
    return (
      <QuadroDoTermo
        titulo={chave ? t(`publico:termos.${chave}`) : t('publico:termos.erro')}
        subtitulo={estado.mensagem}
        status="warning"
      />
    );
  }
  const c = estado.valor;
  if (c.situacaoSolicitacao === 'REVOGADO')
    return <QuadroDoTermo titulo={t('publico:termos.revogado')} status="success" />;
  if (c.situacaoSolicitacao !== 'ACEITO') return <QuadroDoTermo titulo={t('publico:termos.naoAceito')} status="info" />;
  return (
    <PublicoCard titulo={c.nome}>
      <Flex vertical gap="middle">
        <p style={{ margin: 0 }}>
          {t('publico:termos.revogarPergunta', {
            nome: c.pessoaNome,
            organizacao: c.organizacaoNome,
            versao: c.versao,
          })}
        </p>
        <Flex gap="small" wrap>
          <Button danger type="primary" loading={enviando} onClick={() => void revogar()}>
            {t('publico:termos.revogar')}
          </Button>
        </Flex>
      </Flex>
    </PublicoCard>
  );
}
