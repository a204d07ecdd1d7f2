import { ACESSO_MINISTERIO, SITUACOES_ANO, type SituacaoAno } from '@sig/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { celulaNumero } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_FORM_MINISTERIO } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome' },
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
  { tipo: 'referencia', nome: 'tipoGrupoId', referencia: 'tipo-grupo' },
  { tipo: 'numero', nome: 'ano' },
  { tipo: 'opcao', nome: 'situacaoAno', opcoes: SITUACOES_ANO, rotulos: 'campos:opcao.situacaoAno' },
];

/** A year's status as a tag's light fill under the theme's dark text; the text names it. */
const CORES_SITUACAO: Record<SituacaoAno, string> = {
  REUNIU: '#d9f7be',
  NAO_REUNIU: '#fff1b8',
  NAO_INFORMADO: '#ffccc7',
};

/**
 * `/ministerio` (spec §2): the ministries of the scope with the figures of one year (this year
 * unless the filter names another), which ones met, did not meet or did not report.
 */
export default function MinisterioListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'ministerios', 'menu']);
  useTitulo(`menu:acessos.${ACESSO_MINISTERIO}`);
  const numero = (campo: string) => ({
    key: campo,
    dataIndex: campo,
    title: t(`campos:${campo}` as 'campos:ano'),
    align: 'right' as const,
    render: celulaNumero,
  });
  const lista = useListaRecurso({
    recurso: 'ministerio',
    acesso: ACESSO_MINISTERIO,
    filtros: FILTROS,
    rotaForm: ROTA_FORM_MINISTERIO,
    colunas: [
      { key: 'nome', dataIndex: 'nome', title: t('campos:nome') },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      { key: 'tipoGrupoNome', dataIndex: 'tipoGrupoNome', title: t('campos:tipoGrupoId') },
      { key: 'coordenadorNome', dataIndex: 'coordenadorNome', title: t('campos:coordenadorId') },
      numero('participantes'),
      numero('reunioesPorAno'),
      { key: 'ano', dataIndex: 'ano', title: t('campos:ano') },
      {
        key: 'situacaoAno',
        dataIndex: 'situacaoAno',
        title: t('campos:situacaoAno'),
        render: (v: SituacaoAno) => (
          <Tag style={{ backgroundColor: CORES_SITUACAO[v] }}>{t(`campos:opcao.situacaoAno.${v}`)}</Tag>
        ),
      },
      numero('reunioesRealizadas'),
      numero('mediaPresentes'),
      numero('participantesMasculinos'),
      numero('participantesFemininos'),
    ],
    acoesDaLinha: {},
  });
  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${ACESSO_MINISTERIO}`)}
      lista={lista}
      textoNovo={t('ministerios:novoMinisterio')}
    />
  );
}
