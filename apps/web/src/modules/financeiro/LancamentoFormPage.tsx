import { CAMPOS_LANCAMENTO, type Lancamento, lancamentoInput } from '@sig/contracts';
import { Alert, Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { chaves } from '../../platform/cliente';
import { controleCampo, propsItem, SelectReferencia } from '../../platform/crud/controles';
import { rotuloCampo } from '../../platform/crud/definicao';
import { PaginaDeFormulario } from '../../platform/crud/PaginaDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useFormRecurso } from '../../platform/useFormRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_LANCAMENTO, ROTA_LISTA_LANCAMENTO } from './comum';

const regras = regrasZod(lancamentoInput);
/** The form's values of an entry: its fields, the amount without its sign (the type says it). */
const valores = (l: Lancamento) => ({
  ...Object.fromEntries(CAMPOS_LANCAMENTO.map((c) => [c.nome, (l as Record<string, unknown>)[c.nome] ?? null])),
  valor: Math.abs(Number(l.valor)).toFixed(2),
  tipo: l.tipo,
});
/** A reversed entry, a reversal or one side of a transfer is changed only by reversing it. */
const travado = (l: Lancamento) => !!l.estornadoEm || !!l.estornoDeId || !!l.transferenciaId;
/**
 * The chart accounts an entry may use, asked of the server's lookup: analytic ones, and for a
 * transfer only those of transfer nature (the server refuses the others, issue 17).
 */
const filtrosPlanoConta = (tipo: string | undefined): Record<string, string> =>
  tipo === 'TRANSFERENCIA'
    ? { tipoPlanoConta: 'ANALITICA', naturezaPlanoConta: 'TRANSFERENCIA' }
    : { tipoPlanoConta: 'ANALITICA' };

/**
 * `/lancamento-caixa/form/:id?/:visualizacao?` (spec §2): one cash ledger entry — money in, money
 * out, or a transfer to another cash account (two entries). The server places it in the open
 * period of its date and refuses a closed or missing one, on the date field.
 */
export default function LancamentoFormPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'crud', 'financeiro', 'menu']);
  useTitulo(`menu:acessos.${ACESSO_LANCAMENTO}`);
  const f = useFormRecurso<Lancamento>({
    recurso: 'lancamento-caixa',
    acesso: ACESSO_LANCAMENTO,
    voltar: ROTA_LISTA_LANCAMENTO,
    valores,
    travado,
    invalidar: [chaves('periodo-contabil').todas],
  });
  const { form, formProps, semPermissao, registro, sair } = f;
  const tipo = Form.useWatch('tipo', form) as string | undefined;

  if (semPermissao) return <Navigate to={ROTA_LISTA_LANCAMENTO} replace />;
  const campos = CAMPOS_LANCAMENTO.filter((c) => c.nome !== 'contaCaixaDestinoId' || tipo === 'TRANSFERENCIA');
  return (
    <PaginaDeFormulario recurso={f} tela={t(`menu:acessos.${ACESSO_LANCAMENTO}`)} aoVoltar={sair}>
      {registro?.estornadoEm && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('financeiro:estornadoCom', { justificativa: registro.justificativaEstorno ?? '' })}
        />
      )}
      <Form {...formProps} name="lancamento" initialValues={{ tipo: 'ENTRADA' }} data-testid="form-lancamento">
        <Row gutter={16}>
          {campos.map((c) => (
            <Col key={c.nome} xs={24} md={12}>
              <Form.Item
                name={c.nome}
                label={t(rotuloCampo(c))}
                required={!!c.obrigatorio || c.nome === 'contaCaixaDestinoId'}
                rules={regras(c.nome)}
                {...propsItem(c)}
              >
                {c.nome === 'planoContaId' ? (
                  <SelectReferencia referencia="plano-de-conta" filtros={filtrosPlanoConta(tipo)} />
                ) : (
                  controleCampo(c, i18n.language)
                )}
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </PaginaDeFormulario>
  );
}
