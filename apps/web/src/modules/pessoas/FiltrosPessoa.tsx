import { CAMPOS_NAO_INFORMADOS, SEXOS, STATUS_PESSOA } from '@sig/contracts';
import { Card, Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CamposDeFiltro, type FiltroLista, urlDosValores, valoresDaUrl } from '../../platform/crud/filtros';
import { regrasSeletorPessoas, SeletorPessoas, useMaximoSelecao } from '../../platform/SeletorPessoas';
import { useRegrasCampos } from './comum';

/**
 * The people filters, each named as the API's query parameter (GET /api/pessoa/paginado, the
 * labels and the people report read the same): name in any part (accents ignored), CPF, types,
 * status, sex, situation, organization, holder, birth range and registration state.
 */
const FILTROS_PESSOA: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome', dica: 'pessoas:buscaDica' },
  { tipo: 'mascara', nome: 'cpf', mascara: 'cpf' },
  { tipo: 'referencias', nome: 'tiposPessoaIds', referencia: 'tipo-pessoa' },
  { tipo: 'multipla', nome: 'status', opcoes: STATUS_PESSOA },
  { tipo: 'multipla', nome: 'sexo', opcoes: SEXOS },
  { tipo: 'referencia', nome: 'situacaoId', referencia: 'situacao' },
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
  { tipo: 'booleano', nome: 'somenteMinhaOrganizacao' },
  { tipo: 'booleano', nome: 'titular' },
  // A birth range is no search period: no month default, no 30-day question.
  { tipo: 'periodo', de: 'nascimentoDe', ate: 'nascimentoAte', aviso: false },
  { tipo: 'booleano', nome: 'preCadastro' },
  { tipo: 'booleano', nome: 'cadastroCompleto' },
  { tipo: 'multipla', nome: 'naoInformado', opcoes: CAMPOS_NAO_INFORMADOS },
];
const SEM_CPF = FILTROS_PESSOA.filter((f) => f.tipo !== 'mascara');

/** The people filters the profile may use: a CPF it may not see is not offered. */
export function useFiltrosPessoa(): readonly FiltroLista[] {
  const oculto = useRegrasCampos().oculto('cpf');
  return useMemo(() => (oculto ? SEM_CPF : FILTROS_PESSOA), [oculto]);
}

/** Filter text (the address, a query) → the filter form's values; `{}`: nothing chosen. */
export const filtrosParaFormulario = (f: Record<string, string>) => valoresDaUrl(FILTROS_PESSOA, f);

/** The filter form's values → the API's query (blank filters left out). */
export const consultaFiltrosPessoa = (valores: Record<string, unknown>) => urlDosValores(FILTROS_PESSOA, valores);

/** The people filters as form items inside a document's form (labels, the people report), side by side. */
export function FiltrosPessoa() {
  const filtros = useFiltrosPessoa();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16 }}>
      <CamposDeFiltro filtros={filtros} />
    </div>
  );
}

/**
 * Whom a document or a batch is for (labels, booklets, receivables in bulk): the people filters,
 * or people chosen by name (`pessoasIds`, at most the configured number).
 */
export function CartaoPessoas({ rotulo, dica }: { rotulo: string; dica: string }) {
  const { t } = useTranslation(['comum']);
  const maximoSelecao = useMaximoSelecao();
  return (
    <Card size="small" title={t('comum:filtros')} data-testid="filtros">
      <FiltrosPessoa />
      <Form.Item name="pessoasIds" label={rotulo} extra={dica} rules={regrasSeletorPessoas(rotulo, {}, maximoSelecao)}>
        <SeletorPessoas aria-label={rotulo} />
      </Form.Item>
    </Card>
  );
}
