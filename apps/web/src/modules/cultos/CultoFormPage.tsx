import { CAMPOS_CULTO, type Culto, cultoInput } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Row } from 'antd';
import { cloneElement, type ReactElement, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { rotuloCampo, valoresIniciais } from '../../platform/crud/definicao';
import { regrasDaExtensao } from '../../platform/crud/extensoes';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_CULTO, ROTA_LISTA_CULTO } from './comum';

/** Filled from the offering plan of the date when there is one (the server does the same). */
const DO_PLANO: readonly string[] = ['abrangencia', 'destino'];
const regras = regrasZod(cultoInput);
const DATA_ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `/culto/form/:id?/:visualizacao?` (spec §2): one worship service, its fields drawn from the same
 * declaration the API's input comes from (contracts CAMPOS_CULTO). The offering plan of the date
 * gives the scope and destination (shown, not typed); without one they are typed and the spec §8
 * notice says so. Saving posts the offering to the organization's worship cash account.
 */
export default function CultoFormPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'cultos', 'menu']);
  const { autorizacao } = useAutorizacao();
  useTitulo(`menu:acessos.${ACESSO_CULTO}`);
  const f = useFormRecurso<Culto>({
    recurso: 'culto',
    acesso: ACESSO_CULTO,
    voltar: ROTA_LISTA_CULTO,
    mensagemSucesso: (salvo) => (salvo.lancamentoCaixaId ? 'cultos:lancado' : 'comum:salvoComSucesso'),
    // The offering's entry in the ledger, and the periods whose balance it moves.
    invalidar: [chaves('lancamento-caixa').todas, chaves('periodo-contabil').todas],
  });
  const { form, formProps, somenteLeitura, semPermissao, registro } = f;
  const organizacaoId = Form.useWatch('organizacaoId', form) as number | null | undefined;
  const data = Form.useWatch('data', form) as string | null | undefined;

  const temData = typeof organizacaoId === 'number' && typeof data === 'string' && DATA_ISO.test(data);
  const plano = useQuery({
    queryKey: [...chaves('culto').todas, 'plano-de-ofertas', organizacaoId, data],
    queryFn: ({ signal }) =>
      dados(
        cliente.GET('/api/culto/plano-de-ofertas', {
          params: { query: { organizacaoId: organizacaoId as number, data: data as string } },
          signal,
        }),
      ),
    enabled: temData,
  });
  const doPlano = temData ? plano.data?.plano : undefined;
  useEffect(() => {
    if (doPlano && !somenteLeitura) form.setFieldsValue({ abrangencia: doPlano.abrangencia, destino: doPlano.destino });
  }, [doPlano, form, somenteLeitura]);

  if (semPermissao) return <Navigate to={ROTA_LISTA_CULTO} replace />;
  // The plan's ledger account stands; otherwise the service names one.
  const campos = CAMPOS_CULTO.filter((c) => c.nome !== 'planoContaId' || !doPlano?.planoContaId);
  return (
    <PaginaDeFormulario recurso={f} tela={t(`menu:acessos.${ACESSO_CULTO}`)}>
      {registro?.lancamentoCaixaId && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <Link to={`/lancamento-caixa/form/${registro.lancamentoCaixaId}/visualizacao`}>{t('cultos:lancado')}</Link>
          }
        />
      )}
      {temData && plano.isSuccess && (
        <Alert
          type={doPlano ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="aviso-plano"
          title={doPlano ? t('cultos:comPlano', { nome: doPlano.nome }) : t('cultos:semPlano')}
        />
      )}
      <Form<Record<string, unknown>>
        {...formProps}
        name="culto"
        initialValues={{
          ...valoresIniciais(CAMPOS_CULTO),
          organizacaoId: autorizacao?.organizacaoId,
          presentes: 0,
        }}
        data-testid="form-culto"
      >
        <Row gutter={16}>
          {campos.map((c) => {
            const rotulo = t(rotuloCampo(c));
            const controle = controleCampo(c, i18n.language);
            const largo = c.tipo === 'textoLongo' || c.tipo === 'referencias';
            return (
              <Col key={c.nome} xs={24} md={largo ? 24 : 12}>
                <Form.Item
                  name={c.nome}
                  label={rotulo}
                  required={'obrigatorio' in c && c.obrigatorio}
                  rules={[...regras(c.nome), ...regrasDaExtensao(c, rotulo)]}
                  {...propsItem(c)}
                >
                  {DO_PLANO.includes(c.nome) && doPlano
                    ? cloneElement(controle as ReactElement<{ disabled?: boolean }>, { disabled: true })
                    : controle}
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
    </PaginaDeFormulario>
  );
}
