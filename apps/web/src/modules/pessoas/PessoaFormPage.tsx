import { ExclamationCircleFilled } from '@ant-design/icons';
import {
  CAMPOS_PESSOA,
  type CampoCadastro,
  type ContaUsuarioLida,
  DEFINICAO_PESSOA,
  FILHOS_PESSOA,
  GRUPOS_PESSOA,
  pessoaInput,
} from '@sig/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  ConfigProvider,
  Form,
  Grid,
  Input,
  Row,
  Space,
  Switch,
  Tabs,
  Typography,
  theme,
} from 'antd';
import { type CSSProperties, cloneElement, type ReactElement, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves } from '../../platform/cliente';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import {
  type Registro,
  rotuloCampo,
  valoresDoRegistro,
  valoresIniciais,
  valoresNovoRegistro,
} from '../../platform/crud/definicao';
import { FilhosCadastro } from '../../platform/crud/FilhosCadastro';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { regrasZod, validarCaminho } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { AbaHistorico, AbaIntegracao, AbaMinistro } from './AbasRegistro';
import {
  ACESSO,
  ACESSO_DADOS_PESSOAIS,
  ACESSO_MINISTRO,
  caminhoFormPessoa,
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

type RegistroPessoa = Registro & {
  organizacaoNome: string;
  anonimizadoEm?: string | null;
  anonimizacaoPendente?: boolean;
  usuario?: ContaUsuarioLida;
};

/** The record as form values: the account's editable part, its password blank. */
const valoresPessoa = (r: RegistroPessoa): Valores => ({
  ...valoresDoRegistro(DEFINICAO_PESSOA, r),
  usuario: r.usuario
    ? { ...contaNova, email: r.usuario.email, trocarSenha: r.usuario.trocarSenha, ativo: r.usuario.ativo }
    : undefined,
});

const regras = regrasZod(pessoaInput);

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
  const { pode, sessao } = useAutorizacao();
  const qc = useQueryClient();
  const [aba, setAba] = useState(DADOS);
  const [errosPorAba, setErrosPorAba] = useState<Record<string, number>>({});
  const estreita = !Grid.useBreakpoint().md;
  useTitulo(`menu:acessos.${ACESSO}`);
  const tela = t(`menu:acessos.${ACESSO}`);

  const f = useFormRecurso<RegistroPessoa>({
    recurso: 'pessoa',
    acesso: ACESSO,
    voltar: ROTA_LISTA,
    valores: valoresPessoa,
    // Every value the form holds (an account not drawn yet included), but hidden and locked
    // fields stay out: the server keeps what it has.
    corpo: () => {
      const valores = form.getFieldsValue(true) as Valores;
      const corpo: Valores = {};
      for (const nome of [...CAMPOS_PESSOA.map((c) => c.nome), ...FILHOS_PESSOA.map((f) => f.nome), 'usuario'])
        if (!campos.bloqueado(nome) && valores[nome] !== undefined) corpo[nome] = valores[nome];
      return corpo;
    },
    // An anonymized person is read-only for good (the server refuses every write to it).
    travado: (r) => !!r.anonimizadoEm,
    aoErroNosCampos: () => mostrarErros(),
  });
  const {
    form,
    formProps,
    id,
    idInvalido,
    modo,
    somenteLeitura,
    semPermissao,
    podeEditar,
    podeExcluir,
    excluir,
    registro,
    sair,
  } = f;
  const anonimizada = !!registro?.anonimizadoEm;
  const campos = useRegrasCampos(registro);
  const iniciais = useMemo(
    () => ({ ...valoresNovoRegistro(DEFINICAO_PESSOA), organizacaoId: sessao?.organizacaoId || null }),
    [sessao?.organizacaoId],
  );
  const temConta = !!registro?.usuario;
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

  if (semPermissao && !idInvalido) return <Navigate to={ROTA_LISTA} replace state={{ semPermissao: true }} />;

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
    const el = controleCampo(c, i18n.language, (campo) => [campo]) as ReactElement<{
      disabled?: boolean;
      style?: CSSProperties;
    }>;
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
                <Button onClick={() => form.setFieldValue('usuario', { ...contaNova })}>
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

  const nome = registro ? `${registro.nome ?? ''} ${registro.sobrenome ?? ''}`.trim() : '';
  return (
    <PaginaDeFormulario
      recurso={f}
      tela={tela}
      cabecalho={
        <>
          {nome && (
            <Typography.Text strong>
              {nome} — {registro?.organizacaoNome}
            </Typography.Text>
          )}
          {anonimizada && (
            <Alert
              type="info"
              showIcon
              data-testid="aviso-anonimizada"
              title={t('pessoas:dadosPessoais.anonimizadaSomenteLeitura')}
              description={registro?.anonimizacaoPendente ? t('pessoas:dadosPessoais.anonimizacaoPendente') : undefined}
            />
          )}
        </>
      }
      invalido={idInvalido}
      aoSair={sair}
      editar={modo === 'visualizar' && podeEditar && id !== undefined ? caminhoFormPessoa(id) : undefined}
      aoExcluir={podeExcluir ? excluir : undefined}
      botoes={
        <>
          {id !== undefined && pode(ACESSO_DADOS_PESSOAIS, 'R') && <ExportarDadosPessoais id={id} />}
          {id !== undefined && pode(ACESSO, 'D') && (!anonimizada || registro?.anonimizacaoPendente) && (
            <AnonimizarPessoa
              id={id}
              concluir={anonimizada}
              aoAnonimizar={() => qc.invalidateQueries({ queryKey: chaves('pessoa').todas })}
            />
          )}
        </>
      }
      largura={1080}
      botoesAfastados
    >
      <Form<Valores>
        {...formProps}
        name="pessoa"
        initialValues={iniciais}
        onFieldsChange={contarErros}
        onFinishFailed={mostrarErros}
        data-testid="form-pessoa"
      >
        {/* Nineteen tabs: listed down the side, every one in sight (a strip would hide most of them). */}
        <Tabs activeKey={aba} onChange={setAba} items={abas} tabPosition={estreita ? 'top' : 'left'} />
      </Form>
    </PaginaDeFormulario>
  );
}
