import { type Perfil, perfilInput } from '@sig/contracts';
import { Alert, Form, Input, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ListaErrosMatriz, MatrizPermissoes } from './MatrizPermissoes';
import {
  caminhoFormPerfil,
  corpoDaMatriz,
  type ErrosMatriz,
  errosDaMatriz,
  type Matriz,
  matrizDoPerfil,
  ROTA_PERFIL,
} from './perfilModelo';

const ACESSO = 'Perfil';
const regras = regrasZod(perfilInput);

/** The matrix as a form control: its changes mark the form changed (the unsaved-changes prompt). */
function ControleMatriz({
  value,
  onChange,
  desabilitado,
  erros,
}: {
  value?: Matriz;
  onChange?: (m: Matriz) => void;
  desabilitado: boolean;
  erros: ErrosMatriz | null;
}) {
  return (
    <MatrizPermissoes
      valor={value ?? matrizDoPerfil()}
      aoMudar={(m) => onChange?.(m)}
      desabilitado={desabilitado}
      erros={erros}
    />
  );
}

const valores = (p: Perfil) => ({
  nome: p.nome,
  descricao: p.descricao,
  ativo: p.ativo,
  exige2FA: p.exige2FA,
  matriz: matrizDoPerfil(p),
});
const corpo = (v: Record<string, unknown>) => ({
  nome: v.nome,
  descricao: v.descricao || null,
  ativo: v.ativo,
  exige2FA: v.exige2FA,
  ...corpoDaMatriz(v.matriz as Matriz),
});

/**
 * `/perfil/form/:id?/:visualizacao?`: name, description, active and the permission matrix; a
 * save sends the whole profile (the server replaces every rule with what it receives). A refusal
 * over the matrix (a permission the writer lacks) marks its rows; the administrator profile is
 * only viewed.
 */
export default function PerfilFormPage() {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'crud', 'erros', 'menu']);
  const [falha, setFalha] = useState<{ erros: ErrosMatriz; mensagem: string } | null>(null);
  useTitulo(`menu:acessos.${ACESSO}`);
  const f = useFormRecurso<Perfil>({
    recurso: 'perfil',
    acesso: ACESSO,
    voltar: ROTA_PERFIL,
    valores,
    corpo,
    travado: (p) => p.administrador,
    erro: (e, v) => {
      const erros = errosDaMatriz(e, corpoDaMatriz(v.matriz as Matriz));
      setFalha(erros ? { erros, mensagem: mensagemDeErro(e) } : null);
      return !!erros;
    },
  });
  const { id, modo, somenteLeitura, registro } = f;
  const administrador = !!registro?.administrador;

  if (f.semPermissao && !f.idInvalido) return <Navigate to={ROTA_PERFIL} replace state={{ semPermissao: true }} />;

  return (
    <PaginaDeFormulario
      recurso={f}
      tela={t(`menu:acessos.${ACESSO}`)}
      invalido={f.idInvalido}
      aoSair={f.sair}
      editar={modo === 'visualizar' && f.podeEditar && id !== undefined ? caminhoFormPerfil(id) : undefined}
      aoExcluir={f.podeExcluir ? f.excluir : undefined}
      excluindo={f.excluindo}
      largura="100%"
      botoesAfastados
    >
      {administrador && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('configuracoes:perfil.administradorAviso')} />
      )}
      <Form<Record<string, unknown>>
        {...f.formProps}
        name="perfil"
        initialValues={{ nome: '', descricao: null, ativo: true, exige2FA: false, matriz: matrizDoPerfil() }}
        data-testid="form-perfil"
      >
        <div style={{ maxWidth: 640 }}>
          <Form.Item name="nome" label={t('campos:nome')} required rules={regras('nome')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="descricao" label={t('campos:descricao')} rules={regras('descricao')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item name="ativo" label={t('campos:ativo')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="exige2FA"
            label={t('campos:exige2FA')}
            tooltip={t('configuracoes:perfil.exige2FADica')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </div>
        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {t('configuracoes:perfil.permissoes')}
        </Typography.Title>
        {falha && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={falha.mensagem}
            description={falha.erros.size > 0 ? <ListaErrosMatriz erros={falha.erros} /> : undefined}
            data-testid="erro-permissoes"
          />
        )}
        <Form.Item name="matriz" noStyle>
          <ControleMatriz desabilitado={somenteLeitura} erros={falha?.erros ?? null} />
        </Form.Item>
      </Form>
    </PaginaDeFormulario>
  );
}
