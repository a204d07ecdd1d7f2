import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cliente, dados } from '../../platform/cliente';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { PainelInicio } from './PainelInicio';

/**
 * `/dashboard/filho` (spec §2): the home figures of an organization below the user's (a synod
 * looks at one of its parishes), chosen here and kept in the address; each opens its list
 * filtered by that organization.
 */
export default function DashboardFilhoPage() {
  const { t } = useTranslation(['inicio', 'menu']);
  useTitulo('menu:acessos.DashboardFilho');
  const [params, setParams] = useSearchParams();
  const organizacaoId = Number(params.get('organizacaoId')) || undefined;
  const [busca, setBusca] = useState('');
  const filhos = useQuery({
    queryKey: ['inicio', 'filhos', busca],
    queryFn: ({ signal }) => dados(cliente.GET('/api/inicio/filhos', { params: { query: { busca } }, signal })),
    placeholderData: keepPreviousData,
  });
  const resumo = useQuery({
    queryKey: ['inicio', 'resumo-filho', organizacaoId],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/inicio/resumo-filho', { params: { query: { organizacaoId: organizacaoId! } }, signal })),
    enabled: !!organizacaoId,
  });
  // The chosen one stays among the options while a search shows others.
  const opcoes = [...(filhos.data ?? [])];
  if (resumo.data && !opcoes.some((o) => o.value === resumo.data.organizacaoId))
    opcoes.unshift({ value: resumo.data.organizacaoId, label: resumo.data.organizacaoNome });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu:acessos.DashboardFilho')}
      </Typography.Title>
      <Select
        aria-label={t('inicio:filho.escolher')}
        data-testid="escolher-filho"
        placeholder={t('inicio:filho.escolher')}
        style={{ width: 360, maxWidth: '100%' }}
        showSearch={{ filterOption: false, onSearch: setBusca }}
        value={organizacaoId}
        options={opcoes}
        onChange={(v: number) => setParams({ organizacaoId: String(v) }, { replace: true })}
        notFoundContent={t('inicio:filho.nenhum')}
      />
      {resumo.isError && <Alert type="error" showIcon title={mensagemDeErro(resumo.error)} />}
      {!organizacaoId && <Empty description={t('inicio:filho.dica')} />}
      {resumo.data ? (
        <PainelInicio resumo={resumo.data} organizacaoId={resumo.data.organizacaoId} />
      ) : (
        resumo.isFetching && <Skeleton active />
      )}
    </Flex>
  );
}
