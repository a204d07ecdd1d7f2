import { type AlertaMinistro, TIPOS_ALERTA_MINISTRO } from '@sig/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chaves, cliente, dados } from '../../platform/cliente';
import { celulaData } from '../../platform/crud/celulas';
import { SelectReferencia } from '../../platform/crud/controles';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { textoAlerta } from './CarreiraMinistroPage';
import { ROTA_CARREIRA } from './comum';

type Tipo = (typeof TIPOS_ALERTA_MINISTRO)[number];
/** An alert's kind as a tag's light fill under the theme's dark text; the text names it. */
const CORES: Record<Tipo, string> = {
  CHAMADO_TERMINANDO: '#fff1b8',
  CHAMADO_VENCIDO: '#ffccc7',
  SEM_CHAMADO: '#ffe7ba',
};

/**
 * `/pessoa-ministro` (issue 21): the ministers of the scope whose careers need the synod — calls
 * ending within six months, calls past their term, active ministers without a call —, each
 * opening the minister's career.
 */
export default function MinistrosAlertasPage() {
  const { t } = useTranslation(['campos', 'comum', 'crud', 'pessoas']);
  useTitulo('pessoas:carreira.alertasMinistros');
  const [tipo, setTipo] = useState<Tipo>();
  const [organizacaoId, setOrganizacaoId] = useState<number>();
  const [pagina, setPagina] = useState(1);
  const [quantidade, setQuantidade] = useState(10);
  const query = { tipo, organizacaoId, pagina, quantidade };
  const q = useQuery({
    queryKey: [...chaves('pessoa-ministro').lista(query), 'alertas'],
    queryFn: ({ signal }) => dados(cliente.GET('/api/pessoa-ministro/alertas', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('pessoas:carreira.alertasMinistros')}
      </Typography.Title>
      <Space wrap>
        <Select<Tipo>
          allowClear
          style={{ minWidth: 220 }}
          placeholder={t('campos:tipo')}
          aria-label={t('campos:tipo')}
          value={tipo}
          onChange={(v) => {
            setTipo(v);
            setPagina(1);
          }}
          options={TIPOS_ALERTA_MINISTRO.map((v) => ({ value: v, label: t(`pessoas:carreira.tipoAlerta.${v}`) }))}
        />
        <SelectReferencia
          referencia="organizacao"
          allowClear
          style={{ minWidth: 260 }}
          placeholder={t('campos:organizacaoId')}
          aria-label={t('campos:organizacaoId')}
          value={organizacaoId}
          onChange={(v) => {
            setOrganizacaoId((v as number | undefined) ?? undefined);
            setPagina(1);
          }}
        />
      </Space>
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      <Table<AlertaMinistro>
        rowKey={(a) => `${a.tipo}-${a.ministroId}-${a.chamadoId ?? 0}`}
        size="small"
        data-testid="alertas-ministros"
        loading={q.isFetching}
        dataSource={q.data?.itens ?? []}
        locale={{ emptyText: t('crud:semItens') }}
        pagination={{
          current: pagina,
          pageSize: quantidade,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, n) => {
            setPagina(p);
            setQuantidade(n);
          },
        }}
        columns={[
          {
            key: 'pessoaNome',
            dataIndex: 'pessoaNome',
            title: t('campos:nome'),
            render: (v: string, a) => <Link to={`${ROTA_CARREIRA}/${a.ministroId}`}>{v}</Link>,
          },
          {
            key: 'tipoMinisterio',
            dataIndex: 'tipoMinisterio',
            title: t('campos:tipoMinisterio'),
            render: (v: AlertaMinistro['tipoMinisterio']) => t(`campos:opcao.tipoMinisterio.${v}`),
          },
          {
            key: 'tipo',
            dataIndex: 'tipo',
            title: t('campos:tipo'),
            render: (v: Tipo) => (
              <Tag style={{ backgroundColor: CORES[v] }}>{t(`pessoas:carreira.tipoAlerta.${v}`)}</Tag>
            ),
          },
          { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoId') },
          { key: 'dataFimMandato', dataIndex: 'dataFimMandato', title: t('campos:dataFimMandato'), render: celulaData },
          { key: 'texto', title: t('pessoas:carreira.alertas'), render: (_: unknown, a) => textoAlerta(t as never, a) },
        ]}
      />
    </Space>
  );
}
