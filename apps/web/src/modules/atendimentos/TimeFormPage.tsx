import { type AtendimentoDoTime, MAX_ATENDIMENTOS_TIME } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { chaves, cliente, dados } from '../../platform/cliente';
import { celulaData, celulaDataHora } from '../../platform/crud/celulas';
import FormCadastro from '../../platform/crud/FormCadastro';
import { TabelaDaConsulta } from '../../platform/crud/TabelaDaConsulta';

/** The open tickets assigned to a team (issue 21), oldest first, as many as the answer brings. */
function AtendimentosDoTime({ timeId }: { timeId: number }) {
  const { t } = useTranslation(['atendimentos', 'campos', 'crud']);
  const q = useQuery({
    queryKey: [...chaves('time').item(timeId), 'atendimentos'],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/time/{id}/atendimentos', { params: { path: { id: timeId } }, signal })),
  });
  const total = q.data?.total ?? 0;
  return (
    <Card size="small" title={t('atendimentos:abertosDoTime', { n: total })} data-testid="atendimentos-time">
      <TabelaDaConsulta<AtendimentoDoTime>
        consulta={q}
        linhas={q.data?.itens}
        rowKey="id"
        vazio={t('atendimentos:semAbertosDoTime')}
        columns={[
          { key: 'protocolo', dataIndex: 'protocolo', title: t('atendimentos:coluna.protocolo') },
          { key: 'assunto', dataIndex: 'assunto', title: t('campos:assunto') },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('campos:status'),
            render: (v: AtendimentoDoTime['status']) => <Tag>{t(`atendimentos:status.${v}`)}</Tag>,
          },
          {
            key: 'organizacaoDestinoNome',
            dataIndex: 'organizacaoDestinoNome',
            title: t('campos:organizacaoDestinoId'),
          },
          { key: 'responsavelNome', dataIndex: 'responsavelNome', title: t('campos:responsavelUsuarioId') },
          { key: 'criadoEm', dataIndex: 'criadoEm', title: t('campos:criadoEm'), render: celulaDataHora },
          {
            key: 'dataRetornoPrevista',
            dataIndex: 'dataRetornoPrevista',
            title: t('campos:dataRetornoPrevista'),
            render: celulaData,
          },
        ]}
      />
      {total > MAX_ATENDIMENTOS_TIME && (
        <Typography.Text type="secondary">
          {t('atendimentos:maisAbertosDoTime', { n: MAX_ATENDIMENTOS_TIME, total })}
        </Typography.Text>
      )}
    </Card>
  );
}

/** `/time/form/:id?/:visualizacao?` (spec §2): the team registry's form, and the team's open tickets. */
export default function TimeFormPage() {
  const params = useParams();
  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <FormCadastro recurso="time" />
      {id !== undefined && <AtendimentosDoTime timeId={id} />}
    </Space>
  );
}
