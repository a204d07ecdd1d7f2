import { RELACOES_RESPONSAVEL, type SituacaoSolicitacao } from '@sig/contracts';
import { Button, Flex, Input, Select } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clienteDiscreto, dados } from '../../platform/cliente';
import { TextoAteOFim } from '../../platform/TextoAteOFim';
import { useTitulo } from '../../platform/useTitulo';
import { QuadroDoTermo, useLinkDoTermo } from './linkDoTermo';
import { PublicoCard } from './PublicoCard';

const RESULTADOS: Record<SituacaoSolicitacao, 'aceiteRegistrado' | 'recusaRegistrada' | 'revogado' | 'substituido'> = {
  PENDENTE: 'aceiteRegistrado',
  ACEITO: 'aceiteRegistrado',
  DESCONSIDERADO: 'recusaRegistrada',
  REVOGADO: 'revogado',
  SUBSTITUIDO: 'substituido',
};

/** The link's problems the page explains in its own words (an unknown, expired or used link is no failure). */
const TITULOS_ERRO: Record<string, 'linkInvalido' | 'linkExpirado' | 'jaRespondido'> = {
  TERMO_LINK_INVALIDO: 'linkInvalido',
  TERMO_LINK_EXPIRADO: 'linkExpirado',
  TERMO_JA_RESPONDIDO: 'jaRespondido',
};

/**
 * Public consent-term page (spec §2, no sign-in; issue 22): the term of the request's personal link.
 * "Aceito" enables only once the text was scrolled to its end (spec §5); the answer carries the
 * hash of the text shown, so it is recorded against exactly that text.
 */
export default function TermosExternoPage() {
  const { t } = useTranslation(['publico', 'campos']);
  useTitulo('publico:titulos.termos');
  const { token, estado, enviando, enviar } = useLinkDoTermo((token) =>
    dados(clienteDiscreto.GET('/api/termos/publico/{token}', { params: { path: { token } } })),
  );
  const [lido, setLido] = useState(false);
  const [responsavelNome, setResponsavelNome] = useState('');
  const [responsavelRelacao, setResponsavelRelacao] = useState<(typeof RELACOES_RESPONSAVEL)[number]>();

  const marcarLido = useCallback(() => setLido(true), []);

  // The page shows the term as answered: the decision is the request's situation from then on.
  const responder = (decisao: 'ACEITO' | 'DESCONSIDERADO') => {
    if (estado.tipo !== 'pronto') return;
    const termo = estado.valor;
    return enviar(async (token) => {
      await dados(
        clienteDiscreto.POST('/api/termos/publico/{token}/resposta', {
          params: { path: { token } },
          body: {
            decisao,
            hashTexto: termo.hashTexto,
            ...(termo.menor ? { responsavelNome: responsavelNome.trim(), responsavelRelacao } : {}),
          },
        }),
      );
      return { ...termo, situacaoSolicitacao: decisao };
    });
  };

  if (!token) return <QuadroDoTermo titulo={t('publico:termos.nenhum')} status="info" />;
  if (estado.tipo === 'carregando') return <QuadroDoTermo titulo={t('publico:termos.carregando')} status="info" />;
  if (estado.tipo === 'erro') {
    const chave = TITULOS_ERRO[estado.codigo];
    return (
      <QuadroDoTermo
        titulo={chave ? t(`publico:termos.${chave}`) : t('publico:termos.erro')}
        subtitulo={estado.mensagem}
        status={chave === 'jaRespondido' ? 'success' : 'warning'}
      />
    );
  }
  const termo = estado.valor;
  if (termo.situacaoSolicitacao !== 'PENDENTE')
    return <QuadroDoTermo titulo={t(`publico:termos.${RESULTADOS[termo.situacaoSolicitacao]}`)} status="success" />;
  // A minor's answer is given by a guardian, who names themselves and how they are related.
  const faltaResponsavel = termo.menor && (responsavelNome.trim().length < 3 || !responsavelRelacao);
  return (
    <PublicoCard titulo={termo.nome}>
      <Flex vertical gap="middle">
        <p style={{ margin: 0 }}>
          {t('publico:termos.saudacao', {
            nome: termo.pessoaNome,
            organizacao: termo.organizacaoNome,
            versao: termo.versao,
          })}
        </p>
        <TextoAteOFim texto={termo.texto} rotulo={termo.nome} testId="texto-termo" aoLerTudo={marcarLido} />
        {!lido && (
          <p style={{ margin: 0 }} aria-live="polite">
            {t('publico:termos.leiaAteOFim')}
          </p>
        )}
        {termo.menor && (
          <Flex vertical gap="small">
            <p style={{ margin: 0 }}>{t('publico:termos.menor')}</p>
            <Input
              aria-label={t('campos:responsavelNome')}
              placeholder={t('campos:responsavelNome')}
              maxLength={150}
              value={responsavelNome}
              onChange={(e) => setResponsavelNome(e.target.value)}
            />
            <Select
              aria-label={t('campos:responsavelRelacao')}
              placeholder={t('campos:responsavelRelacao')}
              value={responsavelRelacao}
              onChange={setResponsavelRelacao}
              options={RELACOES_RESPONSAVEL.map((r) => ({
                value: r,
                label: t(`campos:opcao.responsavelRelacao.${r}`),
              }))}
            />
          </Flex>
        )}
        <Flex gap="small" wrap>
          <Button
            type="primary"
            disabled={!lido || faltaResponsavel}
            loading={enviando}
            onClick={() => void responder('ACEITO')}
          >
            {t('publico:termos.aceito')}
          </Button>
          <Button disabled={enviando || faltaResponsavel} onClick={() => void responder('DESCONSIDERADO')}>
            {t('publico:termos.recusar')}
          </Button>
        </Flex>
      </Flex>
    </PublicoCard>
  );
}
