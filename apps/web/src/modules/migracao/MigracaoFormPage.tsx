import { UploadOutlined } from '@ant-design/icons';
import {
  ACOES_LINHA_MIGRACAO,
  type AcaoLinhaMigracao,
  CAMPOS_MIGRACAO,
  DECISOES_LINHA_MIGRACAO,
  type DecisaoLinhaMigracao,
  type LinhaMigracao,
  type MapeamentoMigracao,
  type Migracao,
  TIPOS_MIGRACAO,
  type TipoMigracao,
} from '@sig/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Popconfirm,
  Progress,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { baixarArquivo, enviar } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, clienteDiscreto, dados } from '../../platform/cliente';
import { mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_MIGRACAO, ROTA_MIGRACAO, StatusMigracaoTag } from './comum';

/**
 * `/migracao/form/:id?` (spec §2, issue 23): upload → kind → map columns (auto-matched, editable)
 * → dry run with each row's diff and problems, the problems as XLSX → confirm → progress →
 * undo. Nothing is written before the confirmation.
 */
export default function MigracaoFormPage() {
  const { id } = useParams();
  useTitulo(`menu:acessos.${ACESSO_MIGRACAO}`);
  return id ? <DetalheMigracao id={Number(id)} /> : <Envio />;
}

function Envio() {
  const { t } = useTranslation(['comum', 'migracao']);
  const navegar = useNavigate();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [tipo, setTipo] = useState<TipoMigracao>('PESSOAS');
  const [origem, setOrigem] = useState('planilha');
  const envio = useMutation({
    mutationFn: async () => {
      const consulta = new URLSearchParams({ tipo, origem, nomeArquivo: arquivo!.name });
      // The file goes as the body itself, streamed to disk by the server (up to 50 MB).
      const r = await enviar(
        new Request(`${window.location.origin}/api/migracao/arquivo?${consulta}`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: arquivo,
        }),
      );
      return (await r.json()) as Migracao;
    },
    onSuccess: (m) => navegar(`${ROTA_MIGRACAO}/form/${m.id}`, { replace: true }),
  });
  return (
    <Card title={t('migracao:novaMigracao')}>
      <Form layout="vertical" onFinish={() => envio.mutate()} style={{ maxWidth: 560 }}>
        <Form.Item label={t('migracao:tipoMigracao')} required htmlFor="tipo-migracao">
          <Select
            id="tipo-migracao"
            value={tipo}
            onChange={setTipo}
            options={TIPOS_MIGRACAO.map((v) => ({ value: v, label: t(`migracao:tipo.${v}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('migracao:origem')} extra={t('migracao:origemAjuda')} required>
          <Input value={origem} maxLength={60} onChange={(e) => setOrigem(e.target.value)} data-testid="origem" />
        </Form.Item>
        <Form.Item label={t('migracao:arquivo')} extra={t('migracao:arquivoAjuda')} required>
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="arquivo"
            aria-label={t('migracao:arquivo')}
            onChange={(e) => setArquivo(e.target.files?.[0] ?? null)}
          />
        </Form.Item>
        {envio.isError && <Alert type="error" showIcon title={mensagemDeErro(envio.error)} />}
        <Space>
          <Button
            type="primary"
            htmlType="submit"
            icon={<UploadOutlined />}
            disabled={!arquivo || !origem.trim()}
            loading={envio.isPending}
            data-testid="enviar"
          >
            {t('migracao:enviar')}
          </Button>
          <Button onClick={() => navegar(ROTA_MIGRACAO)}>{t('comum:voltar')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

function DetalheMigracao({ id }: { id: number }) {
  const { t, i18n } = useTranslation(['campos', 'comum', 'migracao']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const chave = chaves('migracao').item(id);
  const migracao = useQuery({
    queryKey: chave,
    queryFn: ({ signal }) => dados(clienteDiscreto.GET('/api/migracao/{id}', { params: { path: { id } }, signal })),
    // While a batch checks or writes the file, its progress is read every second.
    refetchInterval: (q) => (['ANALISANDO', 'IMPORTANDO'].includes(q.state.data?.status ?? '') ? 1000 : false),
    retry: false,
  });
  const noId = { params: { path: { id } } };
  const acao = useMutation({
    mutationFn: (caminho: 'confirmacao' | 'cancelamento' | 'desfazer') =>
      dados(cliente.POST(`/api/migracao/{id}/${caminho}`, noId)),
    onSuccess: (m) => qc.setQueryData(chave, m),
  });
  const baixar = useMutation({
    mutationFn: async () => {
      const { data, response } = await cliente.GET('/api/migracao/{id}/erros', { ...noId, parseAs: 'blob' });
      baixarArquivo(data as Blob, response, 'erros.xlsx');
    },
    onError: (e) => void message.error(mensagemDeErro(e)),
  });

  if (migracao.isError) return <Alert type="error" showIcon title={mensagemDeErro(migracao.error)} />;
  const m = migracao.data;
  if (!m) return null;
  const data = (v: string | null) => (v ? new Date(v).toLocaleString(i18n.language) : '—');
  const lote = m.loteId && m.lotePendentes !== null;
  const total = m.criados + m.atualizados;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {`${t('migracao:titulo')} #${m.id} — ${m.nomeArquivo}`}
        </Typography.Title>
        <Space wrap>
          {m.status === 'ANALISADA' && pode(ACESSO_MIGRACAO, 'C') && (
            <Popconfirm
              title={t('migracao:confirmarPergunta', { criados: m.criados, atualizados: m.atualizados })}
              okText={t('comum:sim')}
              cancelText={t('comum:nao')}
              onConfirm={() => acao.mutate('confirmacao')}
            >
              <Button type="primary" data-testid="confirmar">
                {t('migracao:confirmar')}
              </Button>
            </Popconfirm>
          )}
          {m.status === 'ANALISANDO' && pode(ACESSO_MIGRACAO, 'U') && (
            <Button danger data-testid="cancelar-simulacao" onClick={() => acao.mutate('cancelamento')}>
              {t('migracao:cancelarSimulacao')}
            </Button>
          )}
          {m.status === 'IMPORTANDO' && lote && pode(ACESSO_MIGRACAO, 'U') && (
            <Button danger data-testid="cancelar" onClick={() => acao.mutate('cancelamento')}>
              {t('migracao:cancelar')}
            </Button>
          )}
          {m.status === 'CONCLUIDA' && m.loteId && pode(ACESSO_MIGRACAO, 'D') && (
            <Popconfirm
              title={t('migracao:desfazerPergunta')}
              okText={t('comum:sim')}
              cancelText={t('comum:nao')}
              okButtonProps={{ danger: true }}
              onConfirm={() => acao.mutate('desfazer')}
            >
              <Button danger data-testid="desfazer">
                {t('migracao:desfazer')}
              </Button>
            </Popconfirm>
          )}
          <Button onClick={() => navegar(ROTA_MIGRACAO)}>{t('comum:voltar')}</Button>
        </Space>
      </Space>
      {acao.isError && <Alert type="error" showIcon title={mensagemDeErro(acao.error)} />}
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('campos:status')}>
            <StatusMigracaoTag status={m.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('migracao:tipoMigracao')}>{t(`migracao:tipo.${m.tipo}`)}</Descriptions.Item>
          <Descriptions.Item label={t('migracao:origem')}>{m.origem}</Descriptions.Item>
          <Descriptions.Item label={t('campos:organizacaoId')}>{m.organizacaoNome}</Descriptions.Item>
          <Descriptions.Item label={t('migracao:criadoPor')}>{m.criadoPorNome}</Descriptions.Item>
          <Descriptions.Item label={t('migracao:criadoEm')}>{data(m.criadoEm)}</Descriptions.Item>
        </Descriptions>
        {m.status === 'ANALISANDO' && (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="progresso-simulacao">
            <Typography.Text>{t('migracao:analisadas', { count: m.analisadas })}</Typography.Text>
            <Progress aria-label={t('migracao:progresso')} percent={m.progressoAnalise} />
            <Typography.Text type="secondary">{t('migracao:simulacaoEmAndamento')}</Typography.Text>
          </Space>
        )}
        {m.status !== 'ENVIADA' && m.status !== 'ANALISANDO' && (
          <Descriptions size="small" column={{ xs: 2, md: 6 }} data-testid="contagens">
            <Descriptions.Item label={t('migracao:linhas')}>{m.linhas}</Descriptions.Item>
            <Descriptions.Item label={t('migracao:criados')}>{m.criados}</Descriptions.Item>
            <Descriptions.Item label={t('migracao:atualizados')}>{m.atualizados}</Descriptions.Item>
            <Descriptions.Item label={t('migracao:ignorados')}>{m.ignorados}</Descriptions.Item>
            <Descriptions.Item label={t('migracao:revisar')}>{m.revisar}</Descriptions.Item>
            <Descriptions.Item label={t('migracao:falhas')}>{m.falhas}</Descriptions.Item>
          </Descriptions>
        )}
        {lote && (
          <Progress
            aria-label={t('migracao:progresso')}
            percent={total ? Math.round(((total - (m.lotePendentes ?? 0)) * 100) / total) : 100}
          />
        )}
      </Card>
      {m.status === 'ENVIADA' && m.erroAnalise && (
        <Alert type="error" showIcon title={t('migracao:erroAnalise', { mensagem: m.erroAnalise })} />
      )}
      {(m.status === 'ENVIADA' || m.status === 'ANALISADA') && (
        <Mapeamento migracao={m} aoAnalisar={(nova) => qc.setQueryData(chave, nova)} />
      )}
      {m.status !== 'ENVIADA' && m.status !== 'ANALISANDO' && (
        <Card
          title={m.status === 'ANALISADA' ? t('migracao:simulacao') : t('migracao:linhas')}
          extra={
            m.falhas + m.revisar > 0 && (
              <Button data-testid="baixar-erros" loading={baixar.isPending} onClick={() => baixar.mutate()}>
                {t('migracao:baixarErros')}
              </Button>
            )
          }
        >
          {m.status === 'ANALISADA' && (
            <Alert type="info" showIcon title={t('migracao:simulacaoAjuda')} style={{ marginBottom: 12 }} />
          )}
          <Linhas
            id={id}
            versao={m.analisadoEm ?? ''}
            decidivel={m.status === 'ANALISADA' && pode(ACESSO_MIGRACAO, 'U')}
          />
        </Card>
      )}
    </Space>
  );
}

function Mapeamento({ migracao: m, aoAnalisar }: { migracao: Migracao; aoAnalisar: (m: Migracao) => void }) {
  const { t } = useTranslation(['campos', 'comum', 'migracao']);
  const [mapa, setMapa] = useState<MapeamentoMigracao>(m.mapeamento);
  useEffect(() => setMapa(m.mapeamento), [m.mapeamento]);
  const analise = useMutation({
    mutationFn: () =>
      dados(cliente.POST('/api/migracao/{id}/analise', { params: { path: { id: m.id } }, body: { mapeamento: mapa } })),
    onSuccess: aoAnalisar,
  });
  const campos = Object.keys(CAMPOS_MIGRACAO[m.tipo]);
  const opcoes = m.cabecalhos.map((c) => ({ value: c, label: c }));
  return (
    <Card title={t('migracao:mapear')}>
      <Table
        size="small"
        pagination={false}
        rowKey="campo"
        dataSource={campos.map((campo) => ({ campo }))}
        columns={[
          { key: 'campo', title: t('migracao:campo'), render: (_, { campo }) => t(`campos:${campo}` as 'campos:nome') },
          {
            key: 'coluna',
            title: t('migracao:coluna'),
            render: (_, { campo }) => (
              <Select
                style={{ width: 260 }}
                allowClear
                placeholder={t('migracao:naoImportar')}
                aria-label={t(`campos:${campo}` as 'campos:nome')}
                data-testid={`mapa-${campo}`}
                value={mapa[campo] ?? undefined}
                options={opcoes}
                onChange={(v) => setMapa((x) => ({ ...x, [campo]: v ?? null }))}
              />
            ),
          },
        ]}
      />
      {analise.isError && <Alert type="error" showIcon title={mensagemDeErro(analise.error)} />}
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        loading={analise.isPending}
        data-testid="simular"
        onClick={() => analise.mutate()}
      >
        {t('migracao:simular')}
      </Button>
    </Card>
  );
}

const texto = (v: unknown) => (v === null || v === undefined ? '—' : Array.isArray(v) ? v.join(', ') : String(v));

function Linhas({ id, versao, decidivel }: { id: number; versao: string; decidivel: boolean }) {
  const { t } = useTranslation(['campos', 'comum', 'migracao']);
  const { message } = App.useApp();
  const fila = useQueryClient();
  const [pagina, setPagina] = useState(1);
  const [quantidade, setQuantidade] = useState(10);
  const [acao, setAcao] = useState<AcaoLinhaMigracao | undefined>();
  const consulta = { pagina, quantidade, acao };
  const linhas = useQuery({
    queryKey: [...chaves('migracao').item(id), 'linhas', versao, consulta],
    queryFn: ({ signal }) =>
      dados(
        clienteDiscreto.GET('/api/migracao/{id}/linhas', {
          params: { path: { id }, query: consulta as never },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  // A row left for review (a possible duplicate, a household guessed by address) waits for a choice.
  const decisao = useMutation({
    mutationFn: ({ linhaId, decisao }: { linhaId: number; decisao: DecisaoLinhaMigracao }) =>
      dados(
        cliente.PUT('/api/migracao/{id}/linhas/{linhaId}/decisao', {
          params: { path: { id, linhaId } },
          body: { decisao },
        }),
      ),
    onSuccess: () => fila.invalidateQueries({ queryKey: [...chaves('migracao').item(id), 'linhas'] }),
    onError: (e) => void message.error(mensagemDeErro(e)),
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select
        allowClear
        style={{ width: 220 }}
        placeholder={t('migracao:diferencas')}
        aria-label={t('campos:status')}
        value={acao}
        onChange={(v) => {
          setAcao(v);
          setPagina(1);
        }}
        options={ACOES_LINHA_MIGRACAO.map((v) => ({ value: v, label: t(`migracao:acao.${v}`) }))}
      />
      <Table<LinhaMigracao>
        size="small"
        rowKey="id"
        data-testid="linhas-migracao"
        loading={linhas.isFetching && !linhas.data}
        dataSource={linhas.data?.itens}
        pagination={{
          current: pagina,
          pageSize: quantidade,
          total: linhas.data?.total,
          onChange: (p, q) => {
            setPagina(p);
            setQuantidade(q);
          },
        }}
        columns={[
          { key: 'numero', dataIndex: 'numero', title: t('migracao:linha') },
          { key: 'chaveLegada', dataIndex: 'chaveLegada', title: t('campos:chaveLegada') },
          { key: 'descricao', dataIndex: 'descricao', title: t('campos:nome') },
          {
            key: 'acao',
            dataIndex: 'acao',
            title: t('campos:status'),
            render: (v: AcaoLinhaMigracao, l) => (
              <Space wrap>
                <Tag>{t(`migracao:acao.${v}`)}</Tag>
                {v === 'REVISAR' && decidivel && (
                  <Select<DecisaoLinhaMigracao>
                    size="small"
                    style={{ minWidth: 180 }}
                    data-testid={`decisao-${l.numero}`}
                    aria-label={t('migracao:decisaoRotulo')}
                    placeholder={t('migracao:decisaoRotulo')}
                    value={l.decisao ?? undefined}
                    onChange={(d) => decisao.mutate({ linhaId: l.id, decisao: d })}
                    options={DECISOES_LINHA_MIGRACAO.map((d) => ({ value: d, label: t(`migracao:decisao.${d}`) }))}
                  />
                )}
              </Space>
            ),
          },
          {
            key: 'diferencas',
            title: t('migracao:diferencas'),
            render: (_, l) =>
              l.mensagens.length ? (
                <Typography.Text type="danger">{l.mensagens.map((x) => x.mensagem).join(' ')}</Typography.Text>
              ) : l.acao === 'ATUALIZAR' ? (
                l.diferencas
                  .map(
                    (d) =>
                      `${t(`campos:${d.campo}` as 'campos:nome', { defaultValue: d.campo })}: ${texto(d.antes)} → ${texto(d.depois)}`,
                  )
                  .join('; ')
              ) : l.acao === 'IGNORAR' ? (
                t('migracao:semDiferencas')
              ) : (
                ''
              ),
          },
        ]}
      />
    </Space>
  );
}
