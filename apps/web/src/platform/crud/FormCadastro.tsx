import { type CampoCadastro, type DefinicaoCadastro, esquemaCadastro } from '@sig/contracts';
import { Alert, Form } from 'antd';
import { cloneElement, type ReactElement, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import type { RecursoComId } from '../cliente';
import { regrasZod, validarCaminho } from '../formulario';
import { useFormRecurso } from '../useFormRecurso';
import { useTitulo } from '../useTitulo';
import { controleCampo, propsItem } from './controles';
import {
  caminhoForm,
  definicaoDe,
  type Registro,
  rotaLista,
  rotuloCampo,
  valoresDoRegistro,
  valoresIniciais,
  valoresNovoRegistro,
} from './definicao';
import { regrasDaExtensao } from './extensoes';
import { FilhosCadastro } from './FilhosCadastro';
import { PaginaDeFormulario } from './PaginaDeFormulario';

/** A page's own control for a field, over its type's or extension's. */
export type ControlesProprios = Readonly<Record<string, (c: CampoCadastro) => ReactElement>>;

/**
 * The form of a declared registry at `<rotaForm>/:id?/:visualizacao?` (spec §2), on
 * `useFormRecurso`: no id (or 0) creates, an id edits, `visualizacao` (or a profile without
 * update, or a row shared from an organization above) shows it view-only. A declared fill-in
 * segment between them (the city's country) fills its field on create; anything else in that
 * place reads as `visualizacao`. Each field is drawn by its type's control or its extension's
 * (`controles`: a page's own).
 */
export default function FormCadastro({
  recurso,
  definicao,
  preenchidos,
  voltar,
  travados,
  controles,
}: {
  recurso: string;
  /** A declaration outside CADASTROS (a record with its own API of the same shape). */
  definicao?: DefinicaoCadastro;
  /** Values a new record starts with (the person a record is about). */
  preenchidos?: Record<string, unknown>;
  /** Where saving or leaving goes, when not the registry's list. */
  voltar?: string;
  /** Fields shown but not changed once the record exists. */
  travados?: readonly string[];
  controles?: ControlesProprios;
}) {
  const def = definicao ?? definicaoDe(recurso);
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'erros', 'menu']);
  const params = useParams();
  const segmento = def.preenchimentoRota ? params[def.preenchimentoRota.parametro] : undefined;
  const preenchido = segmento && /^\d+$/.test(segmento) ? Number(segmento) : undefined;
  const tela = t(`menu:acessos.${def.acesso}`);
  useTitulo(`menu:acessos.${def.acesso}`);

  const esquema = useMemo(() => esquemaCadastro(def), [def]);
  const regras = useMemo(() => regrasZod(esquema), [esquema]);
  const valores = useCallback((r: Registro) => valoresDoRegistro(def, r), [def]);
  const f = useFormRecurso<Registro>({
    recurso: recurso as RecursoComId,
    acesso: def.acesso,
    voltar: voltar ?? rotaLista(def),
    valores,
    // What travels is what the schema makes of the values (trimmed texts, blanks as null).
    corpo: (v) => {
      const r = esquema.safeParse(v);
      return r.success ? r.data : v;
    },
    travado: (r) => r.somenteLeitura === true,
    somenteLeitura: segmento !== undefined && preenchido === undefined,
    // The pages not yet on the hooks key a registry's reads under ['crud', recurso].
    invalidar: [['crud', recurso]],
  });
  const { id, registro, somenteLeitura, modo } = f;
  const herdado = registro?.somenteLeitura === true;
  const iniciais = useMemo(
    () => ({
      ...valoresNovoRegistro(def),
      ...(def.preenchimentoRota && preenchido !== undefined ? { [def.preenchimentoRota.campo]: preenchido } : {}),
      ...preenchidos,
    }),
    [def, preenchido, preenchidos],
  );

  if (f.semPermissao && !f.idInvalido) return <Navigate to={rotaLista(def)} replace state={{ semPermissao: true }} />;

  const controle = (c: CampoCadastro) => {
    const proprio = controles?.[c.nome]?.(c) ?? controleCampo(c, i18n.language, (campo) => [campo]);
    return id !== undefined && travados?.includes(c.nome)
      ? cloneElement(proprio as ReactElement<{ disabled?: boolean }>, { disabled: true })
      : proprio;
  };
  return (
    <PaginaDeFormulario
      recurso={f}
      tela={tela}
      invalido={f.idInvalido}
      aoSair={f.sair}
      editar={modo === 'visualizar' && f.podeEditar && id !== undefined ? caminhoForm(def, id) : undefined}
      aoExcluir={f.podeExcluir ? f.excluir : undefined}
      excluindo={f.excluindo}
    >
      {herdado && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('crud:herdado', { organizacao: String(registro?.organizacaoNome ?? '') })}
        />
      )}
      <Form<Record<string, unknown>>
        {...f.formProps}
        name="cadastro"
        initialValues={iniciais}
        data-testid="form-cadastro"
      >
        {def.campos.map((c) => {
          const rotulo = t(rotuloCampo(c));
          return (
            <Form.Item
              key={c.nome}
              name={c.nome}
              label={rotulo}
              required={!!c.obrigatorio}
              rules={[...regras(c.nome), ...regrasDaExtensao(c, rotulo)]}
              {...propsItem(c)}
            >
              {controle(c)}
            </Form.Item>
          );
        })}
        {def.filhos?.map((filho) => (
          <FilhosCadastro
            key={filho.nome}
            filho={filho}
            somenteLeitura={somenteLeitura}
            regras={regras}
            regraLista={{ validator: () => validarCaminho(esquema, f.form.getFieldsValue(true), filho.nome) }}
            novo={valoresIniciais(filho.campos)}
          />
        ))}
      </Form>
    </PaginaDeFormulario>
  );
}
