import type { TermoObrigatorioPendente } from '@sig/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cliente, dados } from '../platform/cliente';
import { mensagemDeErro } from '../platform/formulario';
import { limparSessao } from '../platform/sessao';
import { TextoAteOFim } from '../platform/TextoAteOFim';
import { espera } from './espera';

const CHAVE = ['termos-obrigatorios-pendentes'];

/**
 * The sign-in gate (issue 22 item 5): a user with a required term of use still pending sees it
 * before anything else; accepting it (recorded in the consent ledger) lets them through. The API
 * refuses the other calls meanwhile (TERMO_OBRIGATORIO_PENDENTE), so this is the only way on.
 */
export function PortaoTermos({ children }: { children: ReactNode }) {
  const pendentes = useQuery({
    queryKey: CHAVE,
    queryFn: () => dados(cliente.GET('/api/termos/obrigatorios-pendentes')),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (pendentes.isPending) return espera;
  const [primeiro] = pendentes.data ?? [];
  return primeiro ? <TermoPendente key={primeiro.solicitacaoId} termo={primeiro} /> : children;
}

function TermoPendente({ termo }: { termo: TermoObrigatorioPendente }) {
  const { t } = useTranslation(['comum']);
  const qc = useQueryClient();
  const navegar = useNavigate();
  const [lido, setLido] = useState(false);
  const marcarLido = useCallback(() => setLido(true), []);
  const aceite = useMutation({
    mutationFn: () =>
      dados(
        cliente.POST('/api/termos/obrigatorios-pendentes/{solicitacaoId}/aceite', {
          params: { path: { solicitacaoId: termo.solicitacaoId } },
          body: { hashTexto: termo.hashTexto },
        }),
      ),
    // Everything asked while held was refused: asked again now.
    onSuccess: () => qc.invalidateQueries(),
  });
  const sair = async () => {
    await cliente.PUT('/api/Autenticacao/invalidar-token').catch(() => undefined);
    limparSessao();
    qc.clear();
    navegar('/login', { replace: true });
  };
  return (
    <Flex justify="center" style={{ padding: 24 }}>
      <Card title={termo.nome} style={{ width: '100%', maxWidth: 760 }}>
        <Flex vertical gap="middle">
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('comum:portaoTermos.explicacao', { organizacao: termo.organizacaoNome, versao: termo.versao })}
          </Typography.Paragraph>
          <TextoAteOFim
            texto={termo.texto}
            rotulo={termo.nome}
            testId="texto-termo-obrigatorio"
            aoLerTudo={marcarLido}
          />
          {!lido && <Typography.Text aria-live="polite">{t('comum:portaoTermos.leiaAteOFim')}</Typography.Text>}
          {aceite.isError && <Alert type="error" showIcon title={mensagemDeErro(aceite.error)} />}
          <Flex gap="small" wrap>
            <Button type="primary" disabled={!lido} loading={aceite.isPending} onClick={() => aceite.mutate()}>
              {t('comum:portaoTermos.aceito')}
            </Button>
            <Button onClick={() => void sair()}>{t('comum:shell.sair')}</Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
