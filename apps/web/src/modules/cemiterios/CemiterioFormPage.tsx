import { ACESSO_CEMITERIO, CAMPOS_CEMITERIO, type Cemiterio, cemiterioInput } from '@sig/contracts';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { CamposDeclarados } from '../../platform/crud/CamposDeclarados';
import { valoresIniciais } from '../../platform/crud/definicao';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_FORM_CEMITERIO, ROTA_LISTA_CEMITERIO } from './comum';
import { JazigosDoCemiterio } from './JazigosDoCemiterio';
import { PrevisaoVagas } from './PrevisaoVagas';

/**
 * `/cemiterio/form/:id?/:visualizacao?`: a cemetery (organization, name, address, the minimum
 * term before an exhumation) and, once saved, its plots: a block generated at once and the
 * block's map coloured by state.
 */
export default function CemiterioFormPage() {
  const { t } = useTranslation(['campos', 'cemiterios', 'crud', 'menu']);
  const { autorizacao } = useAutorizacao();
  const novo = useParams().id === undefined;
  useTitulo(`menu:acessos.${ACESSO_CEMITERIO}`);
  const f = useFormRecurso<Cemiterio>({
    recurso: 'cemiterio',
    acesso: ACESSO_CEMITERIO,
    voltar: ROTA_LISTA_CEMITERIO,
    // A new cemetery opens, so its plots can be laid out next.
    aposSalvar: novo ? (salvo) => `${ROTA_FORM_CEMITERIO}/${salvo.id}` : undefined,
  });
  const { formProps, id, somenteLeitura, semPermissao } = f;
  if (semPermissao) return <Navigate to={ROTA_LISTA_CEMITERIO} replace />;
  return (
    <PaginaDeFormulario
      recurso={f}
      tela={t(`menu:acessos.${ACESSO_CEMITERIO}`)}
      depois={
        id === undefined ? (
          <Alert type="info" showIcon title={t('cemiterios:salveAntes')} />
        ) : (
          <>
            <JazigosDoCemiterio cemiterioId={id} somenteLeitura={somenteLeitura} />
            <PrevisaoVagas cemiterioId={id} />
          </>
        )
      }
    >
      <Form<Record<string, unknown>>
        {...formProps}
        name="cemiterio"
        initialValues={{ ...valoresIniciais(CAMPOS_CEMITERIO), organizacaoId: autorizacao?.organizacaoId }}
        data-testid="form-cemiterio"
      >
        <CamposDeclarados campos={CAMPOS_CEMITERIO} esquema={cemiterioInput} />
      </Form>
    </PaginaDeFormulario>
  );
}
