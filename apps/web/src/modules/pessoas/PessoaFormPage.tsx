import { DeleteOutlined, EditOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import {
  CAMPOS_PESSOA,
  type CampoCadastro,
  type ContaUsuarioLida,
  DEFINICAO_PESSOA,
  FILHOS_PESSOA,
  GRUPOS_PESSOA,
  pessoaInput,
} from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  ConfigProvider,
  Form,
  Grid,
  Input,
  Popconfirm,
  Row,
  Space,
  Spin,
  Switch,
  Tabs,
  Typography,
  theme,
} from 'antd';
import { type CSSProperties, cloneElement, type ReactElement, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import {
  type Registro,
  rotuloCampo,
  valoresDoRegistro,
  valoresIniciais,
  valoresNovoRegistro,
} from '../../platform/crud/definicao';
import { FilhosCadastro } from '../../platform/crud/FilhosCadastro';
import { useSaidaProtegida } from '../../platform/crud/useSaidaProtegida';
import { aplicarErrosServidor, mensagemDeErro, regrasZod, validarCaminho } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { AbaHistorico, AbaIntegracao, AbaMinistro } from './AbasRegistro';
import {
  ACESSO,
  ACESSO_DADOS_PESSOAIS,
  ACESSO_MINISTRO,
  caminhoFormPessoa,
  RECURSO,
  ROTA_LISTA,
  useRegrasCampos,
} from './comum';
import { AnonimizarPessoa, ExportarDadosPessoais } from './DadosPessoais';

type Valores = Record<string, unknown>;
type NomeCampo = (string | number)[];

const DADOS = 'dados';
const ABAS = [DADOS, ...FILHOS_PESSOA.map((f) => f.nome)];

/** The tab that holds a field path: a sub-record's collection, otherwise the general data. */
const abaDe = (caminho: NomeCampo) => {
  const raiz = String(caminho[0]);
  return FILHOS_PESSOA.some((f) => f.nome === raiz) ? raiz : DADOS;
};

/** A new account's fields: no password yet, asked to change the given one at first sign-in. */
const contaNova = { email: '', senha: '', confirmacaoSenha: '', trocarSenha: true, ativo: true };

/** Long texts take a whole row, switches sit four to a row, other controls three. */
const largura = (c: CampoCadastro) =>
  c.tipo === 'textoLongo' ? { xs: 24 } : c.tipo === 'booleano' ? { xs: 12, md: 8, lg: 6 } : { xs: 24, md: 12, lg: 8 };

/**
 * The person form (spec §2 /pessoa/form/:id?/:visualizacao?): "general data" grouped as the
 * contracts declare it, then one tab per sub-record collection. No id creates (in the
 * organization the user acts for), an id edits, `visualizacao` or a profile without update
 * views. A tab with an error is marked, and a failed save opens the first such tab.
 */
export default function PessoaFormPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'erros', 'menu', 'pessoas', 'validacao']);
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const { pode, sessao } = useAutorizacao();
  const navegar = useNavigate();
  const local = useLocation();
  const qc = useQueryClient();
  const params = useParams();
  const [form] = Form.useForm<Valores>();
  const [sujo, setSujo] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [aba, setAba] = useState(DADOS);
  const [errosPorAba, setErrosPorAba] = useState<Record<string, number>>({});
  const liberar = useSaidaProtegida(sujo);
  const estreita = !Grid.useBreakpoint().md;

  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  const idInvalido = params.id !== undefined && params.id !== '0' && id === undefined;
  useTitulo(`menu:acessos.${ACESSO}`);
  const tela = t(`menu:acessos.${ACESSO}`);

  const regras = regrasZod(pessoaInput);
  const voltarPara = `${ROTA_LISTA}${(local.state as { voltar?: string } | null)?.voltar ?? ''}`;
  const iniciais = useMemo(
    () => ({ ...valoresNovoRegistro(DEFINICAO_PESSOA), organizacaoId: sessao?.organizacaoId || null }),
    [sessao?.organizacaoId],
  );

  const q = useQuery({
    queryKey: ['crud', RECURSO, 'item', id],
    queryFn: ({ signal }) =>
      api.get<
        Registro & {
          organizacaoNome: string;
          anonimizadoEm?: string | null;
          anonimizacaoPendente?: boolean;
          usuario?: ContaUsuarioLida;
        }
      >(`${RECURSO}/${id}`, undefined, { sinal: signal }),
    enabled: id !== undefined,
  });
  // An anonymized person is read-only for good (the server refuses every write to it).
  const anonimizada = !!q.data?.anonimizadoEm;
  const somenteLeitura = params.visualizacao !== undefined || (id !== undefined && (!pode(ACESSO, 'U') || anonimizada));
  const modo = id === undefined ? 'novo' : somenteLeitura ? 'visualizar' : 'editar';
  const campos = useRegrasCampos(q.data);

  useEffect(() => {
    if (q.data) {
      const conta = q.data.usuario;
      form.setFieldsValue({
        ...valoresDoRegistro(DEFINICAO_PESSOA, q.data),
        usuario: conta
          ? { ...contaNova, email: conta.email, trocarSenha: conta.trocarSenha, ativo: conta.ativo }
          : undefined,
      });
      setSujo(false);
    }
  }, [q.data, form]);
  const temConta = !!q.data?.usuario;
  // Watched with `preserve`: until its fields are shown, the account is a value no field holds.
  const conta = Form.useWatch('usuario', { form, preserve: true }) as Valores | undefined;
  const preCadastro = Form.useWatch('preCadastro', form) === true;

  const contarErros = useCallback(() => {
    const n: Record<string, number> = {};
    for (const f of form.getFieldsError()) {
      if (!f.errors.length) continue;
      const a = abaDe(f.name);
      n[a] = (n[a] ?? 0) + 1;
    }
    // Every keystroke passes here: the form re-renders only when a tab's count changes.
    setErrosPorAba((antes) => (JSON.stringify(antes) === JSON.stringify(n) ? antes : n));
    return n;
  }, [form]);

  /** After a failed save: open the first tab with an error and bring the field into view. */
  const mostrarErros = () => {
    const n = contarErros();
    const primeira = ABAS.find((a) => n[a]);
    if (!primeira) return;
    setAba(primeira);
    const campo = form.getFieldsError().find((f) => f.errors.length && abaDe(f.name) === primeira);
    if (campo) setTimeout(() => form.scrollToField(campo.name, { block: 'center' }));
  };

  const sair = () => {
    liberar();
    navegar(voltarPara);
  };

  const salvar = async () => {
    if (enviando) return;
    try {
      await form.validateFields({ recursive: true });
    } catch {
      mostrarErros();
      return;
    }
    const valores = form.getFieldsValue(true) as Valores;
    const corpo: Valores = {};
    // Hidden and locked fields stay out: the server keeps what it has.
    for (const nome of [...CAMPOS_PESSOA.map((c) => c.nome), ...FILHOS_PESSOA.map((f) => f.nome), 'usuario'])
      if (!campos.bloqueado(nome) && valores[nome] !== undefined) corpo[nome] = valores[nome];
    setEnviando(true);
    try {
      if (id === undefined) await api.post(RECURSO, corpo);
      else await api.putId(RECURSO, id, corpo);
      await qc.invalidateQueries({ queryKey: ['crud', RECURSO] });
      void message.success(t('comum:salvoComSucesso'));
      sair();
    } catch (e) {
      if (aplicarErrosServidor(form, e)) mostrarErros();
      else void message.error(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  const excluir = async () => {
    if (id === undefined) return;
    try {
      await api.delete(RECURSO, id);
      await qc.invalidateQueries({ queryKey: ['crud', RECURSO] });
      void message.success(t('comum:excluidoComSucesso'));
      sair();
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };

  if (id === undefined && !idInvalido && !pode(ACESSO, 'C'))
    return <Navigate to={ROTA_LISTA} replace state={{ semPermissao: true }} />;

  const rotuloAba = (chave: string, titulo: string) => {
    const n = errosPorAba[chave] ?? 0;
    return (
      <Space size={6}>
        {titulo}
        {n > 0 && (
          <ExclamationCircleFilled
            role="img"
            aria-label={t('pessoas:abaComErros', { count: n })}
            title={t('pessoas:abaComErros', { count: n })}
            style={{ color: token.colorError }}
          />
        )}
      </Space>
    );
  };

  const controle = (c: CampoCadastro) => {
    const el = controleCampo(c, i18n.language) as ReactElement<{ disabled?: boolean; style?: CSSProperties }>;
    // Date pickers fill their grid cell like the other controls.
    const extra = {
      ...(c.tipo === 'data' ? { style: { width: '100%' } } : {}),
      ...(campos.bloqueado(c.nome) ? { disabled: true } : {}),
    };
    return cloneElement(el, extra);
  };

  const dados = (
    <div data-testid="aba-dados">
      {preCadastro && <Alert type="info" showIcon title={t('pessoas:preCadastroDica')} style={{ marginBottom: 8 }} />}
      {GRUPOS_PESSOA.map((g) => {
        const visiveis = g.campos.filter((c) => !campos.oculto(c.nome));
        if (!visiveis.length) return null;
        return (
          <section key={g.grupo} aria-labelledby={`grupo-${g.grupo}`}>
            <Typography.Title level={2} id={`grupo-${g.grupo}`} style={{ fontSize: 16, marginTop: 8 }}>
              {t(`pessoas:grupos.${g.grupo}`)}
            </Typography.Title>
            <Row gutter={16}>
              {visiveis.map((c) => (
                <Col key={c.nome} {...largura(c)}>
                  <Form.Item
                    name={c.nome}
                    label={t(rotuloCampo(c))}
                    required={!!c.obrigatorio}
                    rules={regras(c.nome)}
                    {...propsItem(c)}
                  >
                    {controle(c)}
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </section>
        );
      })}
      {!campos.oculto('usuario') && (
        <section aria-labelledby="grupo-usuario" data-testid="conta-usuario">
          <Typography.Title level={2} id="grupo-usuario" style={{ fontSize: 16, marginTop: 8 }}>
            {t('campos:usuario')}
          </Typography.Title>
          {conta ? (
            <Row gutter={16}>
              <Col xs={24} md={12} lg={8}>
                <Form.Item
                  name={['usuario', 'email']}
                  label={t('pessoas:conta.login')}
                  required
                  rules={regras('usuario.email')}
                >
                  <Input type="email" autoComplete="off" maxLength={254} disabled={campos.bloqueado('usuario')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item
                  name={['usuario', 'senha']}
                  label={t('campos:senha')}
                  required={!temConta}
                  extra={temConta ? t('pessoas:conta.senhaDica') : undefined}
                  rules={[
                    ...regras('usuario.senha'),
                    { required: !temConta, message: t('validacao:obrigatorio', { campo: t('campos:senha') }) },
                  ]}
                >
                  <Input.Password autoComplete="new-password" maxLength={200} disabled={campos.bloqueado('usuario')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item
                  name={['usuario', 'confirmacaoSenha']}
                  label={t('campos:confirmacaoSenha')}
                  dependencies={[['usuario', 'senha']]}
                  rules={regras('usuario.confirmacaoSenha')}
                >
                  <Input.Password autoComplete="new-password" maxLength={200} disabled={campos.bloqueado('usuario')} />
                </Form.Item>
              </Col>
              <Col xs={12} md={8} lg={6}>
                <Form.Item name={['usuario', 'trocarSenha']} label={t('campos:trocarSenha')} valuePropName="checked">
                  <Switch disabled={campos.bloqueado('usuario')} />
                </Form.Item>
              </Col>
              <Col xs={12} md={8} lg={6}>
                <Form.Item name={['usuario', 'ativo']} label={t('campos:ativo')} valuePropName="checked">
                  <Switch disabled={campos.bloqueado('usuario')} />
                </Form.Item>
              </Col>
              {!temConta && !somenteLeitura && (
                <Col xs={24}>
                  <Button onClick={() => form.setFieldValue('usuario', undefined)}>
                    {t('pessoas:conta.naoCriar')}
                  </Button>
                </Col>
              )}
            </Row>
          ) : (
            <Space>
              <Typography.Text type="secondary">{t('pessoas:conta.semConta')}</Typography.Text>
              {!somenteLeitura && !campos.bloqueado('usuario') && (
                <Button
                  onClick={() => {
                    form.setFieldValue('usuario', { ...contaNova });
                    setSujo(true);
                  }}
                >
                  {t('pessoas:conta.criar')}
                </Button>
              )}
            </Space>
          )}
        </section>
      )}
    </div>
  );

  const regraLista = (nome: string) => ({
    validator: () => validarCaminho(pessoaInput, form.getFieldsValue(true), nome),
  });
  const abas = [
    { key: DADOS, label: rotuloAba(DADOS, t('pessoas:abas.dados')), forceRender: true, children: dados },
    ...FILHOS_PESSOA.filter((f) => !campos.oculto(f.nome)).map((f) => {
      const travado = somenteLeitura || campos.bloqueado(f.nome);
      return {
        key: f.nome,
        label: rotuloAba(f.nome, t(rotuloCampo(f))),
        forceRender: true,
        children: (
          // A locked collection is shown with its controls disabled, like a locked field.
          <ConfigProvider componentDisabled={travado || undefined}>
            <FilhosCadastro
              filho={f}
              somenteLeitura={travado}
              regras={regras}
              regraLista={regraLista(f.nome)}
              novo={valoresIniciais(f.campos)}
            />
          </ConfigProvider>
        ),
      };
    }),
    // Records of their own (not saved with the form): shown once the person exists.
    ...(id !== undefined && pode('PessoaIntegracaoDesligamento', 'R')
      ? [
          {
            key: 'integracao',
            label: t('pessoas:abas.integracao'),
            children: <AbaIntegracao pessoaId={id} somenteLeitura={anonimizada} />,
          },
        ]
      : []),
    ...(id !== undefined && pode(ACESSO_MINISTRO, 'R')
      ? [
          {
            key: 'ministro',
            label: t('menu:acessos.PessoaMinistro'),
            children: <AbaMinistro pessoaId={id} somenteLeitura={anonimizada} />,
          },
        ]
      : []),
    ...(id !== undefined
      ? [{ key: 'historico', label: t('pessoas:abas.historico'), children: <AbaHistorico pessoaId={id} /> }]
      : []),
  ];

  const nome = q.data ? `${q.data.nome ?? ''} ${q.data.sobrenome ?? ''}`.trim() : '';
  const carregando = id !== undefined && q.isPending;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 1080 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`crud:titulo.${modo}`, { tela })}
      </Typography.Title>
      {nome && (
        <Typography.Text strong>
          {nome} — {q.data?.organizacaoNome}
        </Typography.Text>
      )}
      {anonimizada && (
        <Alert
          type="info"
          showIcon
          data-testid="aviso-anonimizada"
          title={t('pessoas:dadosPessoais.anonimizadaSomenteLeitura')}
          description={q.data?.anonimizacaoPendente ? t('pessoas:dadosPessoais.anonimizacaoPendente') : undefined}
        />
      )}
      {idInvalido || q.isError ? (
        <Alert
          type="error"
          showIcon
          title={idInvalido ? t('erros:ITEM_NAO_EXISTE') : mensagemDeErro(q.error)}
          action={<Button onClick={sair}>{t('comum:voltar')}</Button>}
        />
      ) : (
        <Spin spinning={carregando}>
          <Card>
            <Form<Valores>
              form={form}
              name="pessoa"
              layout="vertical"
              disabled={somenteLeitura}
              initialValues={iniciais}
              onValuesChange={() => setSujo(true)}
              onFieldsChange={contarErros}
              onFinish={() => void salvar()}
              onFinishFailed={mostrarErros}
              data-testid="form-pessoa"
            >
              {/* Nineteen tabs: listed down the side, every one in sight (a strip would hide most of them). */}
              <Tabs activeKey={aba} onChange={setAba} items={abas} tabPosition={estreita ? 'top' : 'left'} />
            </Form>
            <Space wrap style={{ marginTop: 16 }}>
              {!somenteLeitura && (
                <Button type="primary" loading={enviando} onClick={() => void salvar()}>
                  {t('comum:salvar')}
                </Button>
              )}
              {modo === 'visualizar' && pode(ACESSO, 'U') && !anonimizada && (
                <Button
                  icon={<EditOutlined />}
                  onClick={() =>
                    id !== undefined && navegar(caminhoFormPessoa(id), { state: local.state, replace: true })
                  }
                >
                  {t('comum:editar')}
                </Button>
              )}
              {id !== undefined && pode(ACESSO, 'D') && !anonimizada && (
                <Popconfirm
                  title={t('comum:confirmarExclusao')}
                  okText={t('comum:excluir')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('comum:cancelar')}
                  onConfirm={excluir}
                >
                  <Button danger icon={<DeleteOutlined />}>
                    {t('comum:excluir')}
                  </Button>
                </Popconfirm>
              )}
              {id !== undefined && pode(ACESSO_DADOS_PESSOAIS, 'R') && <ExportarDadosPessoais id={id} />}
              {id !== undefined && pode(ACESSO, 'D') && (!anonimizada || q.data?.anonimizacaoPendente) && (
                <AnonimizarPessoa
                  id={id}
                  concluir={anonimizada}
                  aoAnonimizar={() => qc.invalidateQueries({ queryKey: ['crud', RECURSO] })}
                />
              )}
              <Button onClick={() => navegar(voltarPara)}>{t('comum:voltar')}</Button>
            </Space>
          </Card>
        </Spin>
      )}
    </Space>
  );
}
