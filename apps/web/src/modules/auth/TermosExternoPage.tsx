import { RELACOES_RESPONSAVEL, type SituacaoSolicitacao, type TermoPublico } from '@sig/contracts';
import { Button, Flex, Input, Result, Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../platform/api';
import { clienteDiscreto, dados } from '../../platform/cliente';
import { TextoAteOFim } from '../../platform/TextoAteOFim';
import { useTitulo } from '../../platform/useTitulo';
import { PublicoCard } from './PublicoCard';

type Estado =
  | { tipo: 'carregando' }
  | { tipo: 'termo'; termo: TermoPublico }
  | { tipo: 'respondido'; decisao: SituacaoSolicitacao }
  | { tipo: 'erro'; codigo: string; mensagem: string };

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

const erroDe = (e: unknown): Estado =>
  e instanceof ApiError
    ? { tipo: 'erro', codigo: e.codigo, mensagem: e.message }
    : { tipo: 'erro', codigo: 'ERRO_INESPERADO', mensagem: '' };

/**
 * Public consent-term page (spec §2, no sign-in; issue 22): the term of the request's personal link.
 * "Aceito" enables only once the text was scrolled to its end (spec §5); the answer carries the
 * hash of the text shown, so it is recorded against exactly that text.
 */
export default function TermosExternoPage() {
  const { t } = useTranslation(['publico', 'campos']);
  useTitulo('publico:titulos.termos');
  const { token } = useParams();
  const [estado, setEstado] = useState<Estado>({ tipo: 'carregando' });
  const [lido, setLido] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [responsavelNome, setResponsavelNome] = useState('');
  const [responsavelRelacao, setResponsavelRelacao] = useState<(typeof RELACOES_RESPONSAVEL)[number]>();

  useEffect(() => {
    if (!token) return;
    dados(clienteDiscreto.GET('/api/termos/publico/{token}', { params: { path: { token } } })).then(
      (termo) =>
        setEstado(
          termo.situacaoSolicitacao === 'PENDENTE'
            ? { tipo: 'termo', termo }
            : { tipo: 'respondido', decisao: termo.situacaoSolicitacao },
        ),
      (e: unknown) => setEstado(erroDe(e)),
    );
  }, [token]);

  const marcarLido = useCallback(() => setLido(true), []);

  const responder = async (decisao: 'ACEITO' | 'DESCONSIDERADO') => {
    if (estado.tipo !== 'termo' || !token) return;
    setEnviando(true);
    try {
      await dados(
        clienteDiscreto.POST('/api/termos/publico/{token}/resposta', {
          params: { path: { token } },
          body: {
            decisao,
            hashTexto: estado.termo.hashTexto,
            ...(estado.termo.menor ? { responsavelNome: responsavelNome.trim(), responsavelRelacao } : {}),
          },
        }),
      );
      setEstado({ tipo: 'respondido', decisao });
    } catch (e) {
      setEstado(erroDe(e));
    } finally {
      setEnviando(false);
    }
  };

  if (!token) return <Quadro titulo={t('publico:termos.nenhum')} status="info" />;
  if (estado.tipo === 'carregando') return <Quadro titulo={t('publico:termos.carregando')} status="info" />;
  if (estado.tipo === 'erro') {
    const chave = TITULOS_ERRO[estado.codigo];
    return (
      <Quadro
        titulo={chave ? t(`publico:termos.${chave}`) : t('publico:termos.erro')}
        subtitulo={estado.mensagem}
        status={chave === 'jaRespondido' ? 'success' : 'warning'}
      />
    );
  }
  if (estado.tipo === 'respondido')
    return <Quadro titulo={t(`publico:termos.${RESULTADOS[estado.decisao]}`)} status="success" />;
  const { termo } = estado;
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

function Quadro({
  titulo,
  subtitulo,
  status,
}: {
  titulo: string;
  subtitulo?: string;
  status: 'info' | 'success' | 'warning';
}) {
  const { t } = useTranslation(['publico']);
  return (
    <PublicoCard titulo={t('publico:titulos.termos')}>
      <Result status={status} title={titulo} subTitle={subtitulo} />
    </PublicoCard>
  );
}
