import {
  ACESSO_MINISTERIO,
  acimaDoPrevisto,
  CAMPOS_ESTATISTICA_MINISTERIO,
  CAMPOS_MINISTERIO,
  CAMPOS_PARTICIPANTE_MINISTERIO,
  type FilhoCadastro,
  hojeNoBrasil,
  type Ministerio,
  ministerioInput,
} from '@sig/contracts';
import { Alert, Col, Form, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { controleCampo, propsItem } from '../../platform/crud/controles';
import { rotuloCampo, valoresIniciais } from '../../platform/crud/definicao';
import { regrasDaExtensao } from '../../platform/crud/extensoes';
import { FilhosCadastro } from '../../platform/crud/FilhosCadastro';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_FORM_MINISTERIO, ROTA_LISTA_MINISTERIO } from './comum';
import { PresencasMinisterio } from './PresencasMinisterio';

const regrasBase = regrasZod(ministerioInput);
const PARTICIPANTES: FilhoCadastro = { nome: 'participantes', campos: CAMPOS_PARTICIPANTE_MINISTERIO };
const ESTATISTICAS: FilhoCadastro = { nome: 'estatisticas', campos: CAMPOS_ESTATISTICA_MINISTERIO };
/** The lists' own rules are the input schema's, checked item by item. */
const semRegraDeLista = { validator: () => Promise.resolve() };

/**
 * `/ministerio/form/:id?/:visualizacao?` (spec §2): a ministry, its participants with their roles
 * and its figures year by year (spec §5: a year the group met has every figure). The coordinator
 * is one of the participants; meetings held beyond the meetings per year are a warning the form
 * shows as it is typed and the server repeats after saving, never a refusal.
 */
export default function MinisterioFormPage() {
  const { t, i18n } = useTranslation(['campos', 'crud', 'menu', 'ministerios']);
  const { autorizacao } = useAutorizacao();
  useTitulo(`menu:acessos.${ACESSO_MINISTERIO}`);
  const f = useFormRecurso<Ministerio>({
    recurso: 'ministerio',
    acesso: ACESSO_MINISTERIO,
    voltar: ROTA_LISTA_MINISTERIO,
    // A warning stays in view: the saved record opens with it.
    aposSalvar: (salvo) => (salvo.avisos.length ? `${ROTA_FORM_MINISTERIO}/${salvo.id}` : ROTA_LISTA_MINISTERIO),
  });
  const { formProps, somenteLeitura, semPermissao, registro } = f;
  if (semPermissao) return <Navigate to={ROTA_LISTA_MINISTERIO} replace />;

  const avisoReunioes: Rule = ({ getFieldValue }) => ({
    warningOnly: true,
    validator: (_, v: number | null | undefined) => {
      const previsto = getFieldValue('reunioesPorAno') as number | null | undefined;
      return acimaDoPrevisto(v, previsto)
        ? Promise.reject(new Error(t('ministerios:acimaDoPrevisto', { previsto })))
        : Promise.resolve();
    },
  });
  const regras = (campo: string): Rule[] =>
    campo.endsWith('.reunioesRealizadas') ? [...regrasBase(campo), avisoReunioes] : regrasBase(campo);

  return (
    <PaginaDeFormulario recurso={f} tela={t(`menu:acessos.${ACESSO_MINISTERIO}`)}>
      {!!registro?.avisos.length && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="avisos-ministerio"
          title={registro.avisos.map((a) => <div key={a.campo}>{a.mensagem}</div>)}
        />
      )}
      <Form<Record<string, unknown>>
        {...formProps}
        name="ministerio"
        initialValues={{
          ...valoresIniciais(CAMPOS_MINISTERIO),
          organizacaoId: autorizacao?.organizacaoId,
          participantes: [],
          estatisticas: [],
        }}
        data-testid="form-ministerio"
      >
        <Row gutter={16}>
          {CAMPOS_MINISTERIO.map((c) => {
            const rotulo = t(rotuloCampo(c));
            return (
              <Col key={c.nome} xs={24} md={12}>
                <Form.Item
                  name={c.nome}
                  label={rotulo}
                  required={c.obrigatorio}
                  rules={[...regras(c.nome), ...regrasDaExtensao(c, rotulo)]}
                  {...propsItem(c)}
                >
                  {controleCampo(c, i18n.language)}
                </Form.Item>
              </Col>
            );
          })}
        </Row>
        <FilhosCadastro
          filho={PARTICIPANTES}
          somenteLeitura={somenteLeitura}
          regras={regras}
          regraLista={semRegraDeLista}
          novo={{ funcao: 'MEMBRO' }}
        />
        <FilhosCadastro
          filho={ESTATISTICAS}
          somenteLeitura={somenteLeitura}
          regras={regras}
          regraLista={semRegraDeLista}
          novo={{ ano: Number(hojeNoBrasil().slice(0, 4)) - 1, situacao: 'REUNIU' }}
        />
      </Form>
      {registro && <PresencasMinisterio ministerio={registro} somenteLeitura={somenteLeitura} />}
    </PaginaDeFormulario>
  );
}
