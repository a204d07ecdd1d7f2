import {
  FORMAS_DESLIGAMENTO,
  FORMAS_INTEGRACAO,
  type Integracao,
  integracaoInput,
  TIPOS_INTEGRACAO,
} from '@sig/contracts';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { chaves } from '../../platform/cliente';
import { EntradaData, SelectReferencia } from '../../platform/crud/controles';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { caminhoFormPessoa } from './comum';

export const ACESSO_INTEGRACAO = 'PessoaIntegracaoDesligamento';
export const ROTA_FORM_INTEGRACAO = '/pessoa-integracao-desligamento/form';

const regras = regrasZod(integracaoInput);

/** Form values → body: the input's own normalization (trimmed texts, blanks as null) when it passes. */
const corpo = (v: Record<string, unknown>) => {
  const r = integracaoInput.safeParse(v);
  return r.success ? r.data : v;
};

/**
 * `/pessoa-integracao-desligamento/form/:id?` (spec §2): records that a person joined or left
 * the organization. `?pessoaId=` fills the person of a new record; saving goes back to the
 * person's form, whose status the latest record decides.
 */
export default function IntegracaoFormPage() {
  const { t } = useTranslation(['campos', 'comum', 'menu']);
  const [busca] = useSearchParams();
  useTitulo(`menu:acessos.${ACESSO_INTEGRACAO}`);
  const pessoaDaBusca = Number(busca.get('pessoaId')) || undefined;
  const { form, formProps, saveButtonProps, id, somenteLeitura, semPermissao, consulta, sair } =
    useFormRecurso<Integracao>({
      recurso: 'pessoa-integracao-desligamento',
      acesso: ACESSO_INTEGRACAO,
      voltar: (r) => {
        const pessoaId = r?.pessoaId ?? pessoaDaBusca;
        return pessoaId ? caminhoFormPessoa(pessoaId) : '/pessoa';
      },
      corpo,
      // The person's status follows the latest record.
      invalidar: [chaves('pessoa').todas],
    });
  const tipo = (Form.useWatch('tipo', form) as (typeof TIPOS_INTEGRACAO)[number] | undefined) ?? 'INTEGRACAO';
  const formas = tipo === 'INTEGRACAO' ? FORMAS_INTEGRACAO : FORMAS_DESLIGAMENTO;

  if (semPermissao) return <Navigate to="/pessoa" replace />;

  return (
    <PaginaDeFormulario
      titulo={t(`menu:acessos.${ACESSO_INTEGRACAO}`)}
      consulta={consulta}
      carregando={id !== undefined && consulta.isPending}
      salvar={somenteLeitura ? undefined : saveButtonProps}
      aoVoltar={sair}
    >
      <Form<Record<string, unknown>>
        {...formProps}
        name="integracao"
        initialValues={{ tipo: 'INTEGRACAO', pessoaId: pessoaDaBusca ?? null }}
        onValuesChange={(mudou, todos) => {
          formProps.onValuesChange?.(mudou, todos);
          // A form of the other kind is not valid for the new kind.
          if ('tipo' in mudou) form.setFieldValue('forma', null);
        }}
        data-testid="form-integracao"
      >
        <Form.Item name="pessoaId" label={t('campos:pessoaId')} required rules={regras('pessoaId')}>
          <SelectReferencia referencia="pessoa" disabled={id !== undefined || somenteLeitura} />
        </Form.Item>
        <Form.Item name="tipo" label={t('campos:tipo')} required>
          <Radio.Group
            optionType="button"
            options={TIPOS_INTEGRACAO.map((v) => ({ value: v, label: t(`campos:opcao.tipo.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="data" label={t('campos:data')} required rules={regras('data')}>
          <EntradaData />
        </Form.Item>
        <Form.Item name="forma" label={t('campos:forma')} required rules={regras('forma')}>
          <Select options={formas.map((v) => ({ value: v, label: t(`campos:opcao.forma.${v}`) }))} />
        </Form.Item>
        <Form.Item name="outraOrganizacao" label={t('campos:outraOrganizacao')} rules={regras('outraOrganizacao')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="motivo" label={t('campos:motivo')} required={tipo === 'DESLIGAMENTO'} rules={regras('motivo')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="observacao" label={t('campos:observacao')} rules={regras('observacao')}>
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </PaginaDeFormulario>
  );
}
