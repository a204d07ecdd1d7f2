import { EditOutlined } from '@ant-design/icons';
import type { AlertaMinistro, CarreiraMinistro } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { celulaData } from '../../platform/crud/celulas';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { EmitirCertificado } from '../oficios/EmitirCertificado';
import { ACESSO_MINISTRO, caminhoFormPessoa, ROTA_FORM_MINISTRO } from './comum';

type Chamado = CarreiraMinistro['chamados'][number];
/** A call's status as a tag's light fill under the theme's dark text; the text names it. */
const CORES_SITUACAO: Record<Chamado['situacao'], string> = {
  ATIVO: '#d9f7be',
  LICENCA: '#fff1b8',
  ENCERRADO: '#f0f0f0',
};

/** The alert's sentence in the reader's language: days count forward, or back once past the term. */
export function textoAlerta(t: (k: string, o?: Record<string, unknown>) => string, a: AlertaMinistro) {
  return t(`pessoas:carreira.alerta.${a.tipo}`, {
    organizacao: a.organizacaoNome ?? '',
    dias: Math.abs(a.dias ?? 0),
    data: celulaData(a.dataFimMandato),
  });
}

/**
 * `/pessoa-ministro/carreira/:id` (issue 21): a minister's career — ordination, the post held now,
 * every call with its term, the timeline of ordination, exams, calls, installations and terms,
 * and what needs attention (a term ending, a call past its term, no call at all).
 */
export default function CarreiraMinistroPage() {
  const { t } = useTranslation(['campos', 'comum', 'crud', 'menu', 'pessoas']);
  useTitulo('pessoas:carreira.carreira');
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const q = useQuery({
    queryKey: [...chaves('pessoa-ministro').item(id), 'carreira'],
    queryFn: ({ signal }) =>
      dados(cliente.GET('/api/pessoa-ministro/{id}/carreira', { params: { path: { id } }, signal })),
    enabled: Number.isInteger(id) && id > 0,
  });
  const c = q.data;
  const colunasChamado = [
    { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoId') },
    { key: 'dataInicio', dataIndex: 'dataInicio', title: t('campos:dataInicio'), render: celulaData },
    { key: 'dataInstalacao', dataIndex: 'dataInstalacao', title: t('campos:dataInstalacao'), render: celulaData },
    { key: 'dataFimMandato', dataIndex: 'dataFimMandato', title: t('campos:dataFimMandato'), render: celulaData },
    {
      key: 'situacao',
      dataIndex: 'situacao',
      title: t('campos:situacao'),
      render: (v: Chamado['situacao']) => (
        <Tag style={{ backgroundColor: CORES_SITUACAO[v] }}>{t(`campos:opcao.situacao.${v}`)}</Tag>
      ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="carreira-ministro">
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      {c && (
        <>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('pessoas:carreira.tituloCarreira', { nome: c.pessoaNome })}
            </Typography.Title>
            <Space>
              <Button onClick={() => navegar(caminhoFormPessoa(c.pessoaId))}>{t('menu:acessos.Pessoa')}</Button>
              {pode(ACESSO_MINISTRO, 'U') && (
                <Button icon={<EditOutlined />} onClick={() => navegar(`${ROTA_FORM_MINISTRO}/${c.ministroId}`)}>
                  {t('pessoas:editarDadosMinistro')}
                </Button>
              )}
              <EmitirCertificado pessoaId={c.pessoaId} />
            </Space>
          </Space>
          <div data-testid="alertas-carreira">
            {c.alertas.length ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {c.alertas.map((a) => (
                  <Alert
                    key={`${a.tipo}-${a.chamadoId ?? 0}`}
                    type={a.tipo === 'CHAMADO_TERMINANDO' ? 'warning' : 'error'}
                    showIcon
                    title={textoAlerta(t as never, a)}
                  />
                ))}
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('pessoas:carreira.semAlertas')}</Typography.Text>
            )}
          </div>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="ordenacao">
            <Descriptions.Item label={t('campos:tipoMinisterio')}>
              {t(`campos:opcao.tipoMinisterio.${c.tipoMinisterio}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('campos:situacaoMinisterial')}>
              {t(`campos:opcao.situacaoMinisterial.${c.situacaoMinisterial}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('campos:dataOrdenacao')}>
              {celulaData(c.dataOrdenacao) || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('campos:localOrdenacao')}>{c.localOrdenacao ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('campos:ordenante')}>{c.ordenante ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('campos:organizacaoNome')}>{c.organizacaoNome}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('pessoas:carreira.postoAtual')} data-testid="posto-atual">
            {c.postoAtual.length ? (
              c.postoAtual.map((p) => (
                <div key={p.id}>
                  <Typography.Text strong>{p.organizacaoNome}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {[
                      t('pessoas:carreira.desde', { data: celulaData(p.dataInicio) }),
                      p.dataInstalacao && t('pessoas:carreira.instalado', { data: celulaData(p.dataInstalacao) }),
                      p.dataFimMandato && t('pessoas:carreira.ate', { data: celulaData(p.dataFimMandato) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                </div>
              ))
            ) : (
              <Typography.Text type="secondary">{t('pessoas:carreira.semPosto')}</Typography.Text>
            )}
          </Card>
          <Card size="small" title={t('campos:chamados')}>
            <Table<Chamado>
              rowKey="id"
              size="small"
              data-testid="chamados"
              dataSource={c.chamados}
              columns={colunasChamado}
              pagination={false}
              locale={{ emptyText: t('crud:semItens') }}
            />
          </Card>
          <Card size="small" title={t('pessoas:carreira.historico')}>
            <Table
              rowKey={(h) => `${h.data}-${h.etapa}-${h.organizacaoNome ?? ''}-${h.detalhe ?? ''}`}
              size="small"
              data-testid="historico"
              dataSource={c.historico}
              pagination={false}
              locale={{ emptyText: t('crud:semItens') }}
              columns={[
                { key: 'data', dataIndex: 'data', title: t('campos:data'), render: celulaData },
                {
                  key: 'etapa',
                  dataIndex: 'etapa',
                  title: t('pessoas:carreira.carreira'),
                  render: (v: CarreiraMinistro['historico'][number]['etapa']) => t(`pessoas:carreira.etapa.${v}`),
                },
                { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoId') },
                { key: 'detalhe', dataIndex: 'detalhe', title: t('campos:observacao') },
              ]}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
