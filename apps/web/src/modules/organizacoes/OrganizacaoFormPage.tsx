import {
  CAMPOS_CONFIGURACAO_ORGANIZACAO,
  CONTAS_CAIXA_ORGANIZACAO,
  type Organizacao,
  organizacaoInput,
  PLANOS_ORGANIZACAO,
  SITUACOES_ORGANIZACAO,
  TIPOS_VALOR_CONTRIBUICAO,
} from '@sig/contracts';
import { Col, ConfigProvider, Form, Input, InputNumber, Row, Select, Switch, Tabs, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados as resposta } from '../../platform/cliente';
import { EntradaData, EntradaMascarada, SelectReferencia } from '../../platform/crud/controles';
import { rotuloCampo } from '../../platform/crud/definicao';
import { idiomaDoDinheiro } from '../../platform/crud/dinheiro';
import { EntradaDinheiro } from '../../platform/crud/EntradaDinheiro';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO, caminhoFormOrganizacao, ROTA_LISTA, useRegrasCampos, vazioParaNulo } from './comum';
import { LogoOrganizacao } from './LogoOrganizacao';
import { CamposTrabalho, ContasBancarias, Contatos, Enderecos } from './SubRegistros';
import { UsuariosOrganizacao } from './UsuariosOrganizacao';

type Valores = Record<string, unknown>;

const CAMPOS_DADOS = [
  'razaoSocial',
  'nomeFantasia',
  'cnpj',
  'inscricaoEstadual',
  'inscricaoMunicipal',
  'tipoOrganizacaoId',
  'situacao',
  'organizacaoPaiId',
  'dataCriacao',
  'dataDissolucao',
  'registroEstatuto',
  'tokenAsaas',
  'diaVencimentoContribuicao',
  'valorPadraoContribuicao',
  'tipoValorContribuicao',
  'lancamentoCaixaAutomatico',
  'aceitaCadastro',
  ...CONTAS_CAIXA_ORGANIZACAO,
  ...PLANOS_ORGANIZACAO,
] as const;
const LISTAS = ['enderecos', 'contatos', 'contasBancarias', 'camposTrabalho'] as const;

const INICIAIS: Valores = {
  situacao: 'ATIVA',
  lancamentoCaixaAutomatico: false,
  enderecos: [],
  contatos: [],
  contasBancarias: [],
  camposTrabalho: [],
};

/** The stored record as form values (the write-only token starts blank). */
function valoresDe(o: Organizacao): Valores {
  const v: Valores = {};
  const r = o as unknown as Valores;
  for (const c of CAMPOS_DADOS) if (Object.hasOwn(r, c)) v[c] = r[c] ?? null;
  v.tokenAsaas = null;
  if (v.lancamentoCaixaAutomatico === null) v.lancamentoCaixaAutomatico = false;
  for (const l of LISTAS) v[l] = o[l];
  return v;
}

/** Which tab holds a field path (server errors and validation open it). */
function abaDe(caminho: (string | number)[]): string {
  const raiz = String(caminho[0]);
  return (LISTAS as readonly string[]).includes(raiz) ? raiz : 'dados';
}

type Props = {
  /** The settings screen edits a fixed organization, without list, delete or users. */
  configuracao?: { id: number; podeAlterar: boolean };
};

/**
 * The organization form (spec §2 /organizacao/form/:id?/:visualizacao?): tabs for the data and
 * each sub-record list; no id creates, an id edits, `visualizacao` (or no update right) views.
 */
export default function OrganizacaoFormPage({ configuracao }: Props) {
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'erros', 'menu', 'organizacoes']);
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const [aba, setAba] = useState('dados');
  const chaveTitulo = configuracao ? 'menu:acessos.ConfiguracaoOrganizacao' : `menu:acessos.${ACESSO}`;
  useTitulo(chaveTitulo);
  const tela = t(chaveTitulo);
  const regras = regrasZod(organizacaoInput);

  const mostrarErros = () => {
    const primeiro = form.getFieldsError().find((f) => f.errors.length > 0);
    if (primeiro) setAba(abaDe(primeiro.name));
  };
  const {
    form,
    formProps,
    saveButtonProps,
    id,
    idInvalido,
    modo,
    somenteLeitura,
    semPermissao,
    podeExcluir,
    excluir,
    registro,
    consulta,
    sair,
    voltar,
  } = useFormRecurso<Organizacao>({
    recurso: 'organizacao',
    acesso: configuracao ? 'ConfiguracaoOrganizacao' : ACESSO,
    voltar: ROTA_LISTA,
    valores: valoresDe,
    // Hidden and locked fields stay out: the server keeps what it has.
    corpo: () => {
      const valores = form.getFieldsValue(true) as Valores;
      const corpo: Valores = {};
      for (const c of configuracao ? CAMPOS_CONFIGURACAO_ORGANIZACAO : CAMPOS_DADOS) {
        if (campos.bloqueado(c)) continue;
        if (c === 'tokenAsaas' && !valores.tokenAsaas) continue;
        corpo[c] = valores[c] ?? null;
      }
      if (!configuracao) for (const l of LISTAS) corpo[l] = valores[l] ?? [];
      return corpo;
    },
    // Field errors open their tab.
    aoErroNosCampos: mostrarErros,
    ...(configuracao && {
      somenteLeitura: !configuracao.podeAlterar,
      permanecer: true,
      fixo: {
        id: configuracao.id,
        chave: [...chaves('organizacao').todas, 'configuracoes'],
        ler: (signal) => resposta(cliente.GET('/api/organizacao/configuracoes', { signal })),
        gravar: (corpo) => resposta(cliente.PUT('/api/organizacao/configuracoes', { body: corpo as never })),
      },
    }),
  });
  const campos = useRegrasCampos(registro);

  if (!configuracao && semPermissao) return <Navigate to={ROTA_LISTA} replace state={{ semPermissao: true }} />;

  // The settings screen changes the settings alone; the rest of the record is the registry's.
  const doRegistro = (c: string) => !!configuracao && !(CAMPOS_CONFIGURACAO_ORGANIZACAO as string[]).includes(c);
  const item = (c: string, conteudo: ReactNode, extra: Record<string, unknown> = {}, obrigatorio = false) =>
    campos.oculto(c) ? null : (
      <Col xs={24} md={12} key={c}>
        <ConfigProvider componentDisabled={somenteLeitura || doRegistro(c)}>
          <Form.Item name={c} label={t(rotuloCampo({ nome: c }))} required={obrigatorio} rules={regras(c)} {...extra}>
            {conteudo}
          </Form.Item>
        </ConfigProvider>
      </Col>
    );
  const travado = (c: string) => somenteLeitura || campos.bloqueado(c) || doRegistro(c);
  const tokenConfigurado = registro?.tokenAsaasConfigurado === true;

  const dados = (
    <Row gutter={16}>
      {item('razaoSocial', <Input maxLength={200} />, {}, true)}
      {item('nomeFantasia', <Input maxLength={200} />, {}, true)}
      {item('cnpj', <EntradaMascarada tipo="cnpj" disabled={travado('cnpj')} />)}
      {item('inscricaoEstadual', <Input maxLength={30} disabled={travado('inscricaoEstadual')} />, vazioParaNulo)}
      {item('inscricaoMunicipal', <Input maxLength={30} disabled={travado('inscricaoMunicipal')} />, vazioParaNulo)}
      {item('tipoOrganizacaoId', <SelectReferencia referencia="tipo-organizacao" />, {}, true)}
      {item(
        'situacao',
        <Select options={SITUACOES_ORGANIZACAO.map((s) => ({ value: s, label: t(`organizacoes:situacoes.${s}`) }))} />,
        {},
        true,
      )}
      {item('organizacaoPaiId', <SelectReferencia referencia="organizacao" allowClear />, vazioParaNulo)}
      {item('dataCriacao', <EntradaData />, vazioParaNulo)}
      {item('dataDissolucao', <EntradaData />, vazioParaNulo)}
      {item('registroEstatuto', <Input maxLength={100} disabled={travado('registroEstatuto')} />, vazioParaNulo)}
      {item(
        'tokenAsaas',
        <Input.Password
          maxLength={300}
          autoComplete="new-password"
          disabled={travado('tokenAsaas')}
          placeholder={t(tokenConfigurado ? 'organizacoes:tokenConfigurado' : 'organizacoes:tokenNaoConfigurado')}
        />,
        vazioParaNulo,
      )}
      {item(
        'diaVencimentoContribuicao',
        <InputNumber
          min={1}
          max={31}
          precision={0}
          style={{ width: '100%', maxWidth: 240 }}
          disabled={travado('diaVencimentoContribuicao')}
        />,
        vazioParaNulo,
      )}
      {item(
        'valorPadraoContribuicao',
        <EntradaDinheiro idioma={idiomaDoDinheiro(i18n.language)} disabled={travado('valorPadraoContribuicao')} />,
        vazioParaNulo,
      )}
      {item(
        'tipoValorContribuicao',
        <Select
          allowClear
          disabled={travado('tipoValorContribuicao')}
          options={TIPOS_VALOR_CONTRIBUICAO.map((v) => ({ value: v, label: t(`organizacoes:tiposValor.${v}`) }))}
        />,
        vazioParaNulo,
      )}
      {item('lancamentoCaixaAutomatico', <Switch disabled={travado('lancamentoCaixaAutomatico')} />, {
        valuePropName: 'checked',
      })}
      {/* A new organization takes its type's default (communities accept members); changed afterwards. */}
      {id !== undefined &&
        item('aceitaCadastro', <Switch disabled={travado('aceitaCadastro')} />, {
          valuePropName: 'checked',
          extra: t('organizacoes:aceitaCadastroAjuda'),
        })}
      {CONTAS_CAIXA_ORGANIZACAO.map((c) =>
        item(c, <SelectReferencia referencia="conta-caixa" allowClear disabled={travado(c)} />, vazioParaNulo),
      )}
      {PLANOS_ORGANIZACAO.map((c) =>
        item(c, <SelectReferencia referencia="plano-de-conta" allowClear disabled={travado(c)} />, vazioParaNulo),
      )}
      {!configuracao && (
        <Col xs={24}>
          {registro ? (
            <LogoOrganizacao organizacao={registro} podeAlterar={!somenteLeitura && pode(ACESSO, 'U')} />
          ) : (
            <Typography.Text type="secondary">{t('organizacoes:logo.salveAntes')}</Typography.Text>
          )}
        </Col>
      )}
    </Row>
  );

  const sub = { regras, somenteLeitura, form };
  const abas = [
    { key: 'dados', label: t('organizacoes:abas.dados'), forceRender: true, children: dados },
    { key: 'enderecos', label: t('campos:enderecos'), forceRender: true, children: <Enderecos {...sub} /> },
    { key: 'contatos', label: t('campos:contatos'), forceRender: true, children: <Contatos {...sub} /> },
    {
      key: 'contasBancarias',
      label: t('campos:contasBancarias'),
      forceRender: true,
      children: <ContasBancarias {...sub} />,
    },
    {
      key: 'camposTrabalho',
      label: t('campos:camposTrabalho'),
      forceRender: true,
      children: <CamposTrabalho {...sub} />,
    },
  ];

  return (
    <PaginaDeFormulario
      titulo={configuracao ? tela : t(`crud:titulo.${modo}`, { tela })}
      cabecalho={configuracao && registro && <Typography.Text strong>{registro.nomeFantasia}</Typography.Text>}
      consulta={consulta}
      invalido={idInvalido}
      aoSair={configuracao ? undefined : sair}
      carregando={id !== undefined && consulta.isPending}
      salvar={somenteLeitura ? undefined : saveButtonProps}
      editar={
        !configuracao && modo === 'visualizar' && pode(ACESSO, 'U') && id !== undefined
          ? caminhoFormOrganizacao(id)
          : undefined
      }
      aoExcluir={!configuracao && podeExcluir ? excluir : undefined}
      aoVoltar={configuracao ? undefined : () => navegar(voltar)}
      largura={1080}
      testId="form-organizacao"
      botoesAfastados
      testIdBotoes="acoes-organizacao"
    >
      <Form<Valores>
        {...formProps}
        name="organizacao"
        initialValues={INICIAIS}
        onFinishFailed={mostrarErros}
        component={false}
      >
        {configuracao ? (
          dados
        ) : (
          <Tabs
            activeKey={aba}
            onChange={setAba}
            items={
              id !== undefined
                ? [
                    ...abas,
                    {
                      key: 'usuarios',
                      label: t('organizacoes:abas.usuarios'),
                      children: (
                        <UsuariosOrganizacao organizacaoId={id} podeAlterar={!somenteLeitura && pode(ACESSO, 'U')} />
                      ),
                    },
                  ]
                : abas
            }
          />
        )}
      </Form>
    </PaginaDeFormulario>
  );
}
