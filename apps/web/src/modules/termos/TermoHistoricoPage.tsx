import { ACESSO_TERMOS, type Termo } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { cliente, dados } from '../../platform/cliente';
import { celulaDataHora } from '../../platform/crud/celulas';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { EtiquetaSituacao, ROTA_LISTA_TERMOS, rotaCobertura, rotaRascunho, rotaSolicitacoes } from './comum';
import { diferenca } from './diferenca';

const COR: Record<string, string | undefined> = { removida: '#ffccc7', incluida: '#d9f7be', igual: undefined };
const SINAL = { removida: '−', incluida: '+', igual: ' ' } as const;

/**
 * `/termos/historico/:idCompartilhado` (spec §2, issue 22): a term's versions, oldest first, and
 * the line-by-line difference of the texts of two of them (by default the last two).
 */
export default function TermoHistoricoPage() {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'menu']);
  useTitulo(`menu:acessos.${ACESSO_TERMOS}`);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const idCompartilhado = useParams().idCompartilhado as string;
  const consulta = useQuery({
    queryKey: ['termos', 'historico', idCompartilhado],
    queryFn: () =>
      dados(cliente.GET('/api/termos/historico/{idCompartilhado}', { params: { path: { idCompartilhado } } })),
  });
  const versoes = consulta.data ?? [];
  const [escolha, setEscolha] = useState<[number?, number?]>([]);
  const antes = versoes.find((v) => v.versao === escolha[0]) ?? versoes.at(-2);
  const depois = versoes.find((v) => v.versao === escolha[1]) ?? versoes.at(-1);
  const opcoes = versoes.map((v) => ({
    value: v.versao,
    label: t('configuracoes:termos.versao', { versao: v.versao }),
  }));
  const publicada = versoes.some((v) => v.situacaoTermo === 'PUBLICADO');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('configuracoes:termos.tituloHistorico', { nome: versoes.at(-1)?.nome ?? '' })}
      </Typography.Title>
      {consulta.isError && <Alert type="error" showIcon title={mensagemDeErro(consulta.error)} />}
      <Space wrap>
        {pode(ACESSO_TERMOS, 'U') && (
          <Button type="primary" onClick={() => navegar(rotaRascunho(idCompartilhado))}>
            {t('configuracoes:termos.editarRascunho')}
          </Button>
        )}
        {publicada && (
          <Button onClick={() => navegar(rotaSolicitacoes(idCompartilhado))}>
            {t('configuracoes:termos.solicitacoes')}
          </Button>
        )}
        {publicada && (
          <Button onClick={() => navegar(rotaCobertura(idCompartilhado))}>{t('configuracoes:termos.cobertura')}</Button>
        )}
        <Button onClick={() => navegar(ROTA_LISTA_TERMOS)}>{t('comum:voltar')}</Button>
      </Space>
      <Table<Termo>
        rowKey="id"
        loading={consulta.isPending}
        dataSource={versoes}
        pagination={false}
        data-testid="versoes-termo"
        columns={[
          { key: 'versao', dataIndex: 'versao', title: t('campos:versao') },
          {
            key: 'situacaoTermo',
            dataIndex: 'situacaoTermo',
            title: t('campos:situacaoTermo'),
            render: (v: Termo['situacaoTermo']) => <EtiquetaSituacao situacao={v} />,
          },
          { key: 'nome', dataIndex: 'nome', title: t('campos:nome') },
          { key: 'publicadoEm', dataIndex: 'publicadoEm', title: t('campos:publicadoEm'), render: celulaDataHora },
          { key: 'atualizadoEm', dataIndex: 'atualizadoEm', title: t('campos:atualizadoEm'), render: celulaDataHora },
        ]}
      />
      {antes && depois && (
        <Card title={t('configuracoes:termos.comparar')}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              aria-label={t('configuracoes:termos.versaoAntes')}
              value={antes.versao}
              options={opcoes}
              onChange={(v) => setEscolha([v, depois.versao])}
              style={{ minWidth: 140 }}
            />
            <Select
              aria-label={t('configuracoes:termos.versaoDepois')}
              value={depois.versao}
              options={opcoes}
              onChange={(v) => setEscolha([antes.versao, v])}
              style={{ minWidth: 140 }}
            />
          </Space>
          <pre data-testid="diferenca-termo" style={{ whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'inherit' }}>
            {diferenca(antes.texto, depois.texto).map((l, i) => (
              <div
                // The lines have no identity of their own; their order is the comparison.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={i}
                data-tipo={l.tipo}
                style={{ background: COR[l.tipo] }}
              >
                {`${SINAL[l.tipo]} ${l.texto}`}
              </div>
            ))}
          </pre>
        </Card>
      )}
    </Space>
  );
}
