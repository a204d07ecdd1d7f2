import { ReloadOutlined } from '@ant-design/icons';
import {
  ACESSO_TERMOS,
  type EnvioTermoInput,
  SITUACOES_SOLICITACAO,
  type SituacaoSolicitacao,
  type SolicitacaoTermo,
  STATUS_PESSOA,
} from '@sig/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, Progress, Row, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { baixarArquivo } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { cliente, dados } from '../../platform/cliente';
import { AcaoLinha } from '../../platform/crud/AcoesLinha';
import { celulaDataHora } from '../../platform/crud/celulas';
import { controleCampo } from '../../platform/crud/controles';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { EtiquetaSituacao, rotaHistorico } from './comum';

const QUANTIDADE = 20;

/**
 * `/termos/solicitacies/:idCompartilhado` (spec §2, issue 22): the published version sent to the
 * people a filter chooses (an organization's subtree, their status), the sending's progress, and
 * every request with its status, the answer's address and browser; a pending one resent; export.
 */
export default function TermoSolicitacoesPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'configuracoes', 'crud', 'menu']);
  useTitulo(`menu:acessos.${ACESSO_TERMOS}`);
  const { pode, autorizacao } = useAutorizacao();
  const { message } = App.useApp();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const idCompartilhado = useParams().idCompartilhado as string;
  const path = { idCompartilhado };
  const [form] = Form.useForm<EnvioTermoInput>();
  // The coverage's drill-down opens this list on one community and state (its address's query).
  const [busca, setBusca] = useSearchParams();
  const recorte = Object.fromEntries(
    ['organizacaoId', 'publicada', 'reaceite'].flatMap((k) => (busca.get(k) ? [[k, busca.get(k) as string]] : [])),
  );
  const [situacoes, setSituacoes] = useState<SituacaoSolicitacao[]>(
    busca
      .getAll('situacaoSolicitacao')
      .filter((s): s is SituacaoSolicitacao => (SITUACOES_SOLICITACAO as readonly string[]).includes(s)),
  );
  const [nome, setNome] = useState('');
  const [pagina, setPagina] = useState(1);
  const consultaLista = {
    pagina,
    quantidade: QUANTIDADE,
    situacaoSolicitacao: situacoes,
    ...(nome ? { nome } : {}),
    ...recorte,
  };

  const historico = useQuery({
    queryKey: ['termos', 'historico', idCompartilhado],
    queryFn: () => dados(cliente.GET('/api/termos/historico/{idCompartilhado}', { params: { path } })),
  });
  const publicada = historico.data?.find((v) => v.situacaoTermo === 'PUBLICADO');
  const envio = useQuery({
    queryKey: ['termos', 'envio', idCompartilhado],
    queryFn: () => dados(cliente.GET('/api/termos/solicitacoes/{idCompartilhado}/envio', { params: { path } })),
    // While e-mails are still being written to the outbox, the progress is read again every second.
    refetchInterval: (q) => (q.state.data && !q.state.data.concluido ? 1000 : false),
  });
  const lista = useQuery({
    queryKey: ['termos', 'solicitacoes', idCompartilhado, consultaLista, envio.data?.enviados],
    queryFn: () =>
      dados(
        cliente.GET('/api/termos/solicitacoes/{idCompartilhado}/paginado', {
          params: { path, query: consultaLista as never },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const depois = () => qc.invalidateQueries({ queryKey: ['termos'] });
  const enviar = useMutation({
    mutationFn: (corpo: EnvioTermoInput) =>
      dados(cliente.POST('/api/termos/solicitacoes/{idCompartilhado}/envio', { params: { path }, body: corpo })),
    onSuccess: async (e) => {
      void message.success(t('configuracoes:termos.envioCriado', { total: e.total }));
      await depois();
    },
    onError: (e) => {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    },
  });
  const reenviar = useMutation({
    mutationFn: (id: number) =>
      dados(
        cliente.POST('/api/termos/solicitacoes/{idCompartilhado}/{id}/reenviar', {
          params: { path: { idCompartilhado, id } },
        }),
      ),
    onSuccess: async () => {
      void message.success(t('configuracoes:termos.reenviado'));
      await depois();
    },
  });
  const exportar = async (formato: 'csv' | 'xlsx') => {
    const { data, response } = await cliente.GET('/api/termos/solicitacoes/{idCompartilhado}/exportar', {
      params: { path, query: { situacaoSolicitacao: situacoes, ...recorte, formato } as never },
      parseAs: 'blob',
    });
    baixarArquivo(data as Blob, response, `termo-solicitacoes.${formato}`);
  };

  const e = envio.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('configuracoes:termos.tituloSolicitacoes', { nome: publicada?.nome ?? historico.data?.at(-1)?.nome ?? '' })}
      </Typography.Title>
      {historico.isError && <Alert type="error" showIcon title={mensagemDeErro(historico.error)} />}
      {historico.isSuccess && !publicada && (
        <Alert type="warning" showIcon title={t('configuracoes:termos.semPublicada')} />
      )}
      {publicada && pode(ACESSO_TERMOS, 'C') && (
        <Card title={t('configuracoes:termos.enviarVersao', { versao: publicada.versao })}>
          <Form<EnvioTermoInput>
            form={form}
            layout="vertical"
            name="envio-termo"
            data-testid="form-envio-termo"
            initialValues={{ organizacaoId: autorizacao?.organizacaoId, status: ['ATIVO'] }}
            onFinish={(v) => enviar.mutate(v)}
          >
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="organizacaoId" label={t('campos:organizacaoId')} rules={[{ required: true }]}>
                  {controleCampo(
                    { nome: 'organizacaoId', tipo: 'referencia', referencia: 'organizacao' },
                    i18n.language,
                  )}
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="status" label={t('campos:status')} rules={[{ required: true }]}>
                  <Select
                    mode="multiple"
                    options={STATUS_PESSOA.map((s) => ({ value: s, label: t(`campos:opcao.status.${s}`) }))}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" loading={enviar.isPending}>
              {t('configuracoes:termos.enviar')}
            </Button>
          </Form>
        </Card>
      )}
      {e && (
        <Card size="small" title={t('configuracoes:termos.progresso')}>
          <Progress
            percent={e.total ? Math.round((100 * e.enviados) / e.total) : 100}
            status={e.concluido ? 'success' : 'active'}
            aria-label={t('configuracoes:termos.progresso')}
          />
          <span data-testid="progresso-envio">
            {t('configuracoes:termos.enviados', { enviados: e.enviados, total: e.total })}
          </span>
        </Card>
      )}
      <Space wrap>
        <Input.Search
          allowClear
          aria-label={t('campos:pessoaNome')}
          placeholder={t('campos:pessoaNome')}
          maxLength={150}
          onSearch={(v) => {
            setNome(v.trim());
            setPagina(1);
          }}
          style={{ width: 260 }}
        />
        <Select
          mode="multiple"
          allowClear
          aria-label={t('campos:situacaoSolicitacao')}
          placeholder={t('campos:situacaoSolicitacao')}
          value={situacoes}
          onChange={(v) => {
            setSituacoes(v);
            setPagina(1);
          }}
          options={SITUACOES_SOLICITACAO.map((s) => ({ value: s, label: t(`campos:opcao.situacaoSolicitacao.${s}`) }))}
          style={{ minWidth: 240 }}
        />
        {Object.keys(recorte).length > 0 && (
          <Button
            onClick={() => {
              setBusca({});
              setPagina(1);
            }}
          >
            {t('configuracoes:termos.verTodas')}
          </Button>
        )}
        <Button onClick={() => void exportar('csv')}>{t('crud:exportarCsv')}</Button>
        <Button onClick={() => void exportar('xlsx')}>{t('crud:exportarXlsx')}</Button>
        <Button onClick={() => navegar(rotaHistorico(idCompartilhado))}>{t('comum:voltar')}</Button>
      </Space>
      <Table<SolicitacaoTermo>
        rowKey="id"
        loading={lista.isPending}
        dataSource={lista.data?.itens}
        data-testid="solicitacoes-termo"
        pagination={{
          current: pagina,
          pageSize: QUANTIDADE,
          total: lista.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPagina,
        }}
        columns={[
          { key: 'pessoaNome', dataIndex: 'pessoaNome', title: t('campos:pessoaNome') },
          { key: 'email', dataIndex: 'email', title: t('campos:email') },
          { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
          { key: 'versao', dataIndex: 'versao', title: t('campos:versao') },
          {
            key: 'situacaoSolicitacao',
            dataIndex: 'situacaoSolicitacao',
            title: t('campos:situacaoSolicitacao'),
            render: (v: SituacaoSolicitacao) => <EtiquetaSituacao situacao={v} />,
          },
          { key: 'enviadoEm', dataIndex: 'enviadoEm', title: t('campos:enviadoEm'), render: celulaDataHora },
          { key: 'respondidoEm', dataIndex: 'respondidoEm', title: t('campos:respondidoEm'), render: celulaDataHora },
          { key: 'revogadoEm', dataIndex: 'revogadoEm', title: t('campos:revogadoEm'), render: celulaDataHora },
          { key: 'ip', dataIndex: 'ip', title: t('campos:ip') },
          { key: 'navegador', dataIndex: 'navegador', title: t('campos:navegador'), ellipsis: true },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_, s) =>
              s.situacaoSolicitacao === 'PENDENTE' &&
              s.termoId === publicada?.id &&
              pode(ACESSO_TERMOS, 'U') && (
                <AcaoLinha
                  icone={<ReloadOutlined />}
                  rotulo={t('configuracoes:termos.reenviar')}
                  confirmacao={t('configuracoes:termos.confirmarReenvio')}
                  carregando={reenviar.isPending && reenviar.variables === s.id}
                  aoClicar={() => reenviar.mutate(s.id)}
                />
              ),
          },
        ]}
      />
    </Space>
  );
}
