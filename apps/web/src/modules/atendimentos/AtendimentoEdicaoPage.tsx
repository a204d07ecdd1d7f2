import { DeleteOutlined, DownloadOutlined, LockOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ANEXO_TAMANHO_MAXIMO,
  ANEXO_TIPOS,
  type AtendimentoDetalhe,
  comentarioInput,
  type FilaAtendimento,
  mudancaStatusInput,
  type SelectOpcao,
  STATUS_ATENDIMENTO,
  type StatusAtendimento,
  type TipoAtividadeAtendimento,
  tarefaInput,
  triagemInput,
} from '@sig/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  type FormInstance,
  Input,
  List,
  Popconfirm,
  Select,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Timeline,
  Typography,
  theme,
  Upload,
} from 'antd';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { baixarArquivo, paraBase64 } from '../../platform/api';
import { errosNoForm } from '../../platform/aviso';
import { chaves, cliente, dados } from '../../platform/cliente';
import { EntradaData } from '../../platform/crud/controles';
import { dataParaTela } from '../../platform/crud/definicao';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { mensagemDeErro, regrasZod } from '../../platform/formulario';
import { ComGlifo } from '../../platform/Glifo';
import { useLayoutDosFiltros } from '../../platform/layoutFiltros';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { CamposAtendimento, type ValoresAtendimento } from './CamposAtendimento';
import { COR_STATUS, caminhoDa, consultaOpcoes, FILAS, NS, useHubAtendimentos, useRegrasCampos } from './comum';

const ligado = (v: string | undefined) => v === 'true';

const valoresDo = (a: AtendimentoDetalhe): ValoresAtendimento => ({
  assunto: a.assunto,
  descricao: a.descricao,
  categoriaAtendimentoId: a.categoriaAtendimentoId,
  organizacaoDestinoId: a.organizacaoDestinoId,
  responsavelUsuarioId: a.responsavelUsuarioId,
  classificacaoId: a.classificacaoId,
  atendimentoPaiId: a.atendimentoPaiId,
  dataRetornoPrevista: a.dataRetornoPrevista,
  participantes: a.participantes.map((p) => p.usuarioId),
  observadores: a.observadores.map((p) => p.usuarioId),
  interessados: a.interessados.map((p) => p.usuarioId),
  caracteristicas: a.caracteristicas,
});

/**
 * A ticket as its queue shows it (spec §2 formEdicao…/{id}/{showTask}/{historico}/{visualizacao}):
 * its data (editable by the agents' queues), comments (internal ones only for agents), tasks,
 * attachments and the activity history; status changes and triage ask for an opinion.
 * `showTask` and `historico` open those tabs; `visualizacao` makes it view-only.
 */
export default function AtendimentoEdicaoPage({ fila }: { fila: FilaAtendimento }) {
  const { t, i18n } = useTranslation(NS);
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const params = useParams();
  const config = FILAS[fila];
  const agente = fila !== 'atendimento-meus-atendimentos';
  // The data tab is the ticket's own form; the other tabs write through `executar` below.
  const {
    formProps,
    id = 0,
    somenteLeitura,
    registro: a,
    consulta: q,
    voltar,
  } = useFormRecurso<AtendimentoDetalhe>({
    recurso: fila,
    acesso: config.acesso,
    voltar: `/${fila}`,
    valores: valoresDo,
    permanecer: true,
  });
  const [aba, setAba] = useState(
    ligado(params.showTask) ? 'tarefas' : ligado(params.historico) ? 'historico' : 'dados',
  );
  const [modal, setModal] = useState<'status' | 'triagem' | null>(null);
  useTitulo(`menu:acessos.${config.acesso}`);
  useHubAtendimentos(fila);

  const usuarios = useQuery({ ...consultaOpcoes(fila, 'usuarios'), enabled: agente && !somenteLeitura });

  // Every write of the page answers with the whole ticket: one mutation puts it in the cache,
  // refreshes the queue's lists and says so; a refusal goes on the given form's fields.
  const escrita = useMutation({
    mutationFn: (e: Escrita) => e.chamada(),
    onSuccess: (novo, e) => {
      qc.setQueryData(chaves(fila).item(id), novo);
      void qc.invalidateQueries({ queryKey: chaves(fila).listas() });
      void message.success(t(e.sucesso));
    },
    onError: (erro, e) => errosNoForm(e.alvo)(erro),
  });
  const executar: Executar = (chamada, sucesso, alvo) =>
    escrita.mutateAsync({ chamada, sucesso, alvo }).then(
      () => true,
      () => false,
    );

  if (q.isLoading) return <Spin />;
  if (q.isError || !a) return <Alert type="error" showIcon title={mensagemDeErro(q.error)} />;

  const quando = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR', {
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(iso));

  const abaDados = (
    <Form {...formProps} name="atendimento">
      {agente ? (
        <CamposAtendimento fila={fila} completo desabilitado={somenteLeitura} />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('campos:categoriaAtendimentoId')}>
            <ComGlifo simbolo={a.categoriaIcone} texto={a.categoriaNome} />
          </Descriptions.Item>
          <Descriptions.Item label={t('campos:organizacaoDestinoId')}>{a.organizacaoDestinoNome}</Descriptions.Item>
          <Descriptions.Item label={t('campos:assunto')}>{a.assunto}</Descriptions.Item>
          <Descriptions.Item label={t('campos:descricao')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{a.descricao}</span>
          </Descriptions.Item>
          {a.responsavelNome !== undefined && (
            <Descriptions.Item label={t('campos:responsavelUsuarioId')}>{a.responsavelNome}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('atendimentos:coluna.time')}>{a.timeNome ?? '—'}</Descriptions.Item>
          {a.dataRetornoPrevista !== undefined && (
            <Descriptions.Item label={t('campos:dataRetornoPrevista')}>
              {dataParaTela(a.dataRetornoPrevista, i18n.language) || '—'}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      {a.filhos.length > 0 && (
        <Typography.Paragraph style={{ marginTop: 16 }}>
          {t('atendimentos:filhos')}: {a.filhos.map((f) => `${f.protocolo} (${f.assunto})`).join(', ')}
        </Typography.Paragraph>
      )}
      {agente && !somenteLeitura && (
        <Button type="primary" htmlType="submit" data-testid="salvar" style={{ marginTop: 16 }}>
          {t('comum:salvar')}
        </Button>
      )}
    </Form>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }} data-testid="protocolo">
            {a.protocolo} — {a.assunto}
          </Typography.Title>
          <Tag color={COR_STATUS[a.status]} data-testid="status">
            {t(`atendimentos:status.${a.status}`)}
          </Tag>
        </Space>
        <Space wrap>
          {fila === 'atendimento-triagem' && !somenteLeitura && (
            <Button type="primary" data-testid="triar" onClick={() => setModal('triagem')}>
              {t('atendimentos:triar')}
            </Button>
          )}
          {agente && !somenteLeitura && (
            <Button data-testid="mudar-status" onClick={() => setModal('status')}>
              {t('atendimentos:mudarStatus')}
            </Button>
          )}
          <Button onClick={() => navegar(voltar)}>{t('comum:voltar')}</Button>
        </Space>
      </Space>
      <Card size="small">
        {/* The default label grey is below 4.5:1 on white. */}
        <Descriptions size="small" column={{ xs: 1, md: 3 }} styles={{ label: { color: token.colorTextSecondary } }}>
          <Descriptions.Item label={t('atendimentos:coluna.solicitante')}>{a.solicitanteNome}</Descriptions.Item>
          <Descriptions.Item label={t('atendimentos:coluna.criadoEm')}>{quando(a.criadoEm)}</Descriptions.Item>
          {a.responsavelNome !== undefined && (
            <Descriptions.Item label={t('atendimentos:coluna.responsavel')}>{a.responsavelNome}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          activeKey={aba}
          onChange={setAba}
          items={[
            { key: 'dados', label: t('atendimentos:aba.dados'), children: abaDados },
            {
              key: 'comentarios',
              label: t('atendimentos:aba.comentarios', { n: a.comentarios.length }),
              children: (
                <Comentarios
                  a={a}
                  agente={agente}
                  somenteLeitura={somenteLeitura}
                  quando={quando}
                  executar={executar}
                  fila={fila}
                />
              ),
            },
            ...(agente
              ? [
                  {
                    key: 'tarefas',
                    label: t('atendimentos:aba.tarefas', { n: a.tarefas.length }),
                    children: (
                      <Tarefas
                        a={a}
                        fila={fila}
                        somenteLeitura={somenteLeitura}
                        usuarios={usuarios.data ?? []}
                        executar={executar}
                      />
                    ),
                  },
                ]
              : []),
            {
              key: 'anexos',
              label: t('atendimentos:aba.anexos', { n: a.anexos.length }),
              children: (
                <Anexos a={a} fila={fila} somenteLeitura={somenteLeitura} executar={executar} quando={quando} />
              ),
            },
            {
              key: 'historico',
              label: t('atendimentos:aba.historico'),
              children: (
                <Timeline
                  items={a.atividades.map((x) => ({
                    key: x.id,
                    content: (
                      <div data-testid="atividade">
                        <Typography.Text strong>
                          {t(`atendimentos:atividade.${x.tipo as TipoAtividadeAtendimento}`, {
                            status: x.statusNovo ? t(`atendimentos:status.${x.statusNovo as StatusAtendimento}`) : '',
                          })}
                        </Typography.Text>{' '}
                        <Typography.Text type="secondary">
                          {x.autor} · {quando(x.criadoEm)}
                        </Typography.Text>
                        {x.parecer && <div style={{ whiteSpace: 'pre-wrap' }}>{x.parecer}</div>}
                      </div>
                    ),
                  }))}
                />
              ),
            },
          ]}
        />
      </Card>
      {modal === 'status' && (
        <MudarStatus
          a={a}
          fechar={() => setModal(null)}
          executar={(v, f) =>
            executar(
              () => dados(cliente.POST(caminhoDa(fila, '/{id}/status'), { ...noTicket(id), body: v as never })),
              'atendimentos:statusAlterado',
              f,
            )
          }
        />
      )}
      {modal === 'triagem' && (
        <Triar
          fila={fila}
          usuarios={usuarios.data ?? []}
          fechar={() => setModal(null)}
          executar={async (v, f) => {
            const ok = await executar(
              () => dados(cliente.POST(caminhoDa(fila, '/{id}/triagem'), { ...noTicket(id), body: v as never })),
              'atendimentos:triado',
              f,
            );
            // Triaged, the ticket leaves this queue: back to the list.
            if (ok) navegar(voltar);
            return ok;
          }}
        />
      )}
    </Space>
  );
}

type Escrita = { chamada: () => Promise<AtendimentoDetalhe>; sucesso: ParseKeys<typeof NS>; alvo?: FormInstance };
/** Runs one write that answers with the whole ticket; true when it went through. */
type Executar = (chamada: Escrita['chamada'], sucesso: Escrita['sucesso'], alvo?: FormInstance) => Promise<boolean>;
/** The path of a ticket's own operation. */
const noTicket = (id: number) => ({ params: { path: { id } } });

function Comentarios({
  a,
  fila,
  agente,
  somenteLeitura,
  quando,
  executar,
}: {
  a: AtendimentoDetalhe;
  fila: FilaAtendimento;
  agente: boolean;
  somenteLeitura: boolean;
  quando: (iso: string) => string;
  executar: Executar;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<{ texto: string; interno: boolean }>();
  const regra = regrasZod(comentarioInput);
  const enviar = async (v: { texto: string; interno: boolean }) => {
    const ok = await executar(
      () =>
        dados(
          cliente.POST(caminhoDa(fila, '/{id}/comentarios'), {
            ...noTicket(a.id),
            body: { texto: v.texto, interno: !!v.interno },
          }),
        ),
      'atendimentos:comentado',
      form,
    );
    if (ok) form.resetFields();
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <List
        dataSource={a.comentarios}
        locale={{ emptyText: t('atendimentos:semComentarios') }}
        renderItem={(c) => (
          <List.Item data-testid="comentario">
            <List.Item.Meta
              title={
                <Space>
                  {c.autor}
                  <Typography.Text type="secondary">{quando(c.criadoEm)}</Typography.Text>
                  {c.interno && (
                    <Tag icon={<LockOutlined />} color="red">
                      {t('campos:interno')}
                    </Tag>
                  )}
                </Space>
              }
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{c.texto}</span>}
            />
          </List.Item>
        )}
      />
      {!somenteLeitura && (
        <Form form={form} name="comentario" layout="vertical" onFinish={enviar} initialValues={{ interno: false }}>
          <Form.Item name="texto" label={t('atendimentos:novoComentario')} required rules={regra('texto')}>
            <Input.TextArea rows={3} maxLength={4000} />
          </Form.Item>
          {agente && (
            <Form.Item name="interno" valuePropName="checked">
              <Checkbox data-testid="interno">{t('atendimentos:comentarioInterno')}</Checkbox>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" data-testid="comentar">
            {t('atendimentos:comentar')}
          </Button>
        </Form>
      )}
    </Space>
  );
}

function Tarefas({
  a,
  fila,
  somenteLeitura,
  usuarios,
  executar,
}: {
  a: AtendimentoDetalhe;
  fila: FilaAtendimento;
  somenteLeitura: boolean;
  usuarios: SelectOpcao[];
  executar: Executar;
}) {
  const layoutFiltros = useLayoutDosFiltros();
  const { t, i18n } = useTranslation(NS);
  const [form] = Form.useForm();
  const regra = regrasZod(tarefaInput);
  const criar = async (v: Record<string, unknown>) => {
    if (
      await executar(
        () => dados(cliente.POST(caminhoDa(fila, '/{id}/tarefas'), { ...noTicket(a.id), body: v as never })),
        'atendimentos:tarefaCriada',
        form,
      )
    )
      form.resetFields();
  };
  const situacao = (tarefaId: number, concluida: boolean) =>
    executar(
      () =>
        dados(
          cliente.PUT(caminhoDa(fila, '/{id}/tarefas/{tarefaId}'), {
            params: { path: { id: a.id, tarefaId } },
            body: { concluida },
          }),
        ),
      concluida ? 'atendimentos:tarefaConcluida' : 'atendimentos:tarefaReaberta',
    );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={a.tarefas}
        locale={{ emptyText: t('atendimentos:semTarefas') }}
        columns={[
          { key: 'descricao', dataIndex: 'descricao', title: t('campos:descricao') },
          { key: 'responsavel', dataIndex: 'responsavelNome', title: t('campos:responsavelUsuarioId') },
          {
            key: 'prazo',
            dataIndex: 'prazo',
            title: t('campos:prazo'),
            render: (v: string | null) => dataParaTela(v, i18n.language),
          },
          {
            key: 'situacao',
            dataIndex: 'concluidaEm',
            title: t('campos:concluida'),
            render: (v: string | null, r) =>
              somenteLeitura ? (
                v ? (
                  t('comum:sim')
                ) : (
                  t('comum:nao')
                )
              ) : (
                <Button size="small" onClick={() => void situacao(r.id, !v)}>
                  {v ? t('atendimentos:reabrir') : t('atendimentos:concluir')}
                </Button>
              ),
          },
        ]}
      />
      {!somenteLeitura && (
        <Form form={form} name="tarefa" layout={layoutFiltros} onFinish={criar}>
          <Form.Item name="descricao" required rules={regra('descricao')}>
            <Input placeholder={t('campos:descricao')} maxLength={500} />
          </Form.Item>
          <Form.Item name="responsavelUsuarioId" required rules={regra('responsavelUsuarioId')}>
            <Select placeholder={t('campos:responsavelUsuarioId')} options={usuarios} style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="prazo">
            <EntradaData placeholder={t('campos:prazo')} />
          </Form.Item>
          <Button htmlType="submit">{t('atendimentos:adicionarTarefa')}</Button>
        </Form>
      )}
    </Space>
  );
}

function Anexos({
  a,
  fila,
  somenteLeitura,
  executar,
  quando,
}: {
  a: AtendimentoDetalhe;
  fila: FilaAtendimento;
  somenteLeitura: boolean;
  executar: Executar;
  quando: (iso: string) => string;
}) {
  const { t } = useTranslation(NS);
  const { message } = App.useApp();
  const baixar = async (anexoId: number, nome: string) => {
    const { data, response } = await cliente.GET(caminhoDa(fila, '/{id}/anexos/{anexoId}'), {
      params: { path: { id: a.id, anexoId } },
      parseAs: 'blob',
    });
    baixarArquivo(data as Blob, response, nome);
  };
  const enviar = async (arquivo: File) => {
    // Checked here first so a large file is not read and sent for nothing; the server checks again.
    if (arquivo.size > ANEXO_TAMANHO_MAXIMO) {
      void message.error(t('atendimentos:validacao.arquivoGrande'));
      return;
    }
    const conteudo = await paraBase64(arquivo);
    await executar(
      () =>
        dados(
          cliente.POST(caminhoDa(fila, '/{id}/anexos'), {
            ...noTicket(a.id),
            body: { nomeArquivo: arquivo.name, tipoConteudo: arquivo.type || 'application/octet-stream', conteudo },
          }),
        ),
      'atendimentos:anexado',
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <List
        dataSource={a.anexos}
        locale={{ emptyText: t('atendimentos:semAnexos') }}
        renderItem={(x) => (
          <List.Item
            data-testid="anexo"
            actions={[
              <Button
                key="baixar"
                type="text"
                icon={<DownloadOutlined />}
                aria-label={t('atendimentos:baixar')}
                onClick={() => void baixar(x.id, x.nomeArquivo)}
              />,
              ...(somenteLeitura
                ? []
                : [
                    <Popconfirm
                      key="excluir"
                      title={t('comum:confirmarExclusao')}
                      okText={t('comum:excluir')}
                      okButtonProps={{ danger: true }}
                      cancelText={t('comum:cancelar')}
                      onConfirm={() =>
                        executar(
                          () =>
                            dados(
                              cliente.DELETE(caminhoDa(fila, '/{id}/anexos/{anexoId}'), {
                                params: { path: { id: a.id, anexoId: x.id } },
                              }),
                            ),
                          'comum:excluidoComSucesso',
                        )
                      }
                    >
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('comum:excluir')} />
                    </Popconfirm>,
                  ]),
            ]}
          >
            <List.Item.Meta
              title={x.nomeArquivo}
              description={`${(x.tamanho / 1024).toFixed(1)} KB · ${quando(x.criadoEm)}`}
            />
          </List.Item>
        )}
      />
      {!somenteLeitura && (
        <Upload
          accept={Object.keys(ANEXO_TIPOS).join(',')}
          showUploadList={false}
          beforeUpload={(arquivo) => {
            void enviar(arquivo);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="anexar">
            {t('atendimentos:anexar')}
          </Button>
        </Upload>
      )}
    </Space>
  );
}

function MudarStatus({
  a,
  fechar,
  executar,
}: {
  a: AtendimentoDetalhe;
  fechar: () => void;
  executar: (v: unknown, f: FormInstance) => Promise<boolean>;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const regra = regrasZod(mudancaStatusInput);
  return (
    <ModalDeFormulario
      titulo={t('atendimentos:mudarStatus')}
      form={form}
      okTestId="confirmar-status"
      fechar={fechar}
      nome="status"
      aoEnviar={async (v) => {
        if (await executar(v, form)) fechar();
      }}
    >
      <Form.Item name="status" label={t('campos:status')} required rules={regra('status')}>
        <Select
          data-testid="novo-status"
          options={STATUS_ATENDIMENTO.filter((s) => s !== a.status).map((s) => ({
            value: s,
            label: t(`atendimentos:status.${s}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="parecer" label={t('campos:parecer')} required rules={regra('parecer')}>
        <Input.TextArea rows={4} maxLength={4000} />
      </Form.Item>
    </ModalDeFormulario>
  );
}

function Triar({
  fila,
  usuarios,
  fechar,
  executar,
}: {
  fila: FilaAtendimento;
  usuarios: SelectOpcao[];
  fechar: () => void;
  executar: (v: unknown, f: FormInstance) => Promise<boolean>;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm();
  const regra = regrasZod(triagemInput);
  // A profile that may not change the responsible leaves it out: the ticket keeps its own.
  const comResponsavel = !useRegrasCampos(fila).bloqueado('responsavelUsuarioId');
  const times = useQuery(consultaOpcoes(fila, 'times'));
  return (
    <ModalDeFormulario
      titulo={t('atendimentos:triar')}
      textoOk={t('atendimentos:encaminhar')}
      form={form}
      okTestId="confirmar-triagem"
      fechar={fechar}
      nome="triagem"
      iniciais={comResponsavel ? { responsavelUsuarioId: usuarios[0]?.value } : {}}
      aoEnviar={async (v) => {
        if (await executar(v, form)) fechar();
      }}
    >
      <Form.Item name="timeId" label={t('campos:timeId')} required rules={regra('timeId')}>
        <Select data-testid="time" options={times.data ?? []} />
      </Form.Item>
      {comResponsavel && (
        <Form.Item
          name="responsavelUsuarioId"
          label={t('campos:responsavelUsuarioId')}
          required
          rules={[{ required: true, message: t('validacao:obrigatorio', { campo: t('campos:responsavelUsuarioId') }) }]}
        >
          <Select data-testid="responsavel-triagem" options={usuarios} />
        </Form.Item>
      )}
      <Form.Item name="parecer" label={t('campos:parecer')} required rules={regra('parecer')}>
        <Input.TextArea rows={3} maxLength={4000} />
      </Form.Item>
    </ModalDeFormulario>
  );
}
