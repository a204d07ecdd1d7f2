import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { cliente, dados } from '../../platform/cliente';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { AtalhosInicio } from './AtalhosInicio';
import { PainelInicio } from './PainelInicio';

/**
 * The home (spec §2 /dashboard, issue 18): who and for whom, the figures the user's screens allow
 * (one answer, `GET /api/inicio/resumo`), each opening its list, and the recent and favourite screens.
 */
export default function DashboardPage() {
  const { t } = useTranslation(['inicio', 'menu']);
  useTitulo('menu:acessos.Dashboard');
  const { sessao, autorizacao } = useAutorizacao();
  const resumo = useQuery({
    queryKey: ['inicio', 'resumo', autorizacao?.organizacaoId],
    queryFn: ({ signal }) => dados(cliente.GET('/api/inicio/resumo', { signal })),
  });
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, marginBottom: 4 }} data-testid="boas-vindas">
          {t('inicio:dashboard.bemVindo', { nome: sessao?.primeiroNome })}
        </Typography.Title>
        <Typography.Text data-testid="organizacao-atual">
          {t('inicio:dashboard.organizacao', { nome: autorizacao?.organizacaoNome ?? sessao?.organizacaoNome })}
        </Typography.Text>
        {autorizacao && (
          <Typography.Text type="secondary">
            {' '}
            · {t('inicio:dashboard.perfil', { nome: autorizacao.perfilNome })}
          </Typography.Text>
        )}
      </div>
      {resumo.isError && <Alert type="error" showIcon title={mensagemDeErro(resumo.error)} />}
      {resumo.data ? <PainelInicio resumo={resumo.data} /> : resumo.isPending && <Skeleton active />}
      <AtalhosInicio />
    </Flex>
  );
}
