import type { RevogacaoPublica } from '@sig/contracts';
import { Button, Flex, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../platform/api';
import { clienteDiscreto, dados } from '../../platform/cliente';
import { useTitulo } from '../../platform/useTitulo';
import { PublicoCard } from './PublicoCard';

type Estado =
  | { tipo: 'carregando' }
  | { tipo: 'consentimento'; c: RevogacaoPublica }
  | { tipo: 'erro'; codigo: string; mensagem: string };

/** The link's problems and states the page explains in its own words. */
const TITULOS: Record<string, 'linkInvalido' | 'jaRevogado' | 'naoAceito'> = {
  TERMO_LINK_INVALIDO: 'linkInvalido',
  TERMO_JA_REVOGADO: 'jaRevogado',
  TERMO_NAO_ACEITO: 'naoAceito',
};

const erroDe = (e: unknown): Estado =>
  e instanceof ApiError
    ? { tipo: 'erro', codigo: e.codigo, mensagem: e.message }
    : { tipo: 'erro', codigo: 'ERRO_INESPERADO', mensagem: '' };

/**
 * Public revocation page (issue 22 item 4, no sign-in): the revocation link every request e-mail
 * carries opens the consent it withdraws; one click revokes it (recorded in the consent ledger).
 */
export default function TermosRevogacaoPage() {
  const { t } = useTranslation(['publico']);
  useTitulo('publico:titulos.termos');
  const { token } = useParams();
  const [estado, setEstado] = useState<Estado>({ tipo: 'carregando' });
  const [enviando, setEnviando] = useState(false);

  useEffect(() => {
    if (!token) return;
    dados(clienteDiscreto.GET('/api/termos/publico/revogacao/{token}', { params: { path: { token } } })).then(
      (c) => setEstado({ tipo: 'consentimento', c }),
      (e: unknown) => setEstado(erroDe(e)),
    );
  }, [token]);

  const revogar = async () => {
    if (!token) return;
    setEnviando(true);
    try {
      const c = await dados(
        clienteDiscreto.POST('/api/termos/publico/revogacao/{token}', { params: { path: { token } } }),
      );
      setEstado({ tipo: 'consentimento', c });
    } catch (e) {
      setEstado(erroDe(e));
    } finally {
      setEnviando(false);
    }
  };

  const quadro = (titulo: string, status: 'info' | 'success' | 'warning', subtitulo?: string) => (
    <PublicoCard titulo={t('publico:titulos.termos')}>
      <Result status={status} title={titulo} subTitle={subtitulo} />
    </PublicoCard>
  );
  if (!token || estado.tipo === 'carregando') return quadro(t('publico:termos.carregando'), 'info');
  if (estado.tipo === 'erro') {
    const chave = TITULOS[estado.codigo];
    return quadro(chave ? t(`publico:termos.${chave}`) : t('publico:termos.erro'), 'warning', estado.mensagem);
  }
  const { c } = estado;
  if (c.situacaoSolicitacao === 'REVOGADO') return quadro(t('publico:termos.revogado'), 'success');
  if (c.situacaoSolicitacao !== 'ACEITO') return quadro(t('publico:termos.naoAceito'), 'info');
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
