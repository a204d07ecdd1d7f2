import { ACESSO_ARRENDATARIO, ESTADOS_CONCESSAO, type EstadoConcessao } from '@sig/contracts';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { celulaData, celulaDinheiro, celulaNumero, celulaSimNao } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { CORES_ESTADO_CONCESSAO, ROTA_CONSERVACAO_ATRASO, ROTA_FORM_ARRENDATARIO } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome' },
  { tipo: 'referencia', nome: 'cemiterioId', referencia: 'cemiterio' },
  { tipo: 'data', nome: 'vencendoAte' },
  { tipo: 'numero', nome: 'venceEmMeses' },
  { tipo: 'opcao', nome: 'estadoConcessao', opcoes: ESTADOS_CONCESSAO, rotulos: 'cemiterios:estados' },
];

/**
 * `/arrendatario` (spec §2): the concessions of the scope's plots, by cemetery and plot; what
 * expires by a date or in the next N months (exported as the list is).
 */
export default function ArrendatarioListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'cemiterios', 'menu']);
  useTitulo(`menu:acessos.${ACESSO_ARRENDATARIO}`);
  const navegar = useNavigate();
  const lista = useListaRecurso({
    recurso: 'arrendatario',
    acesso: ACESSO_ARRENDATARIO,
    filtros: FILTROS,
    rotaForm: ROTA_FORM_ARRENDATARIO,
    colunas: [
      { key: 'pessoaNome', dataIndex: 'pessoaNome', title: t('campos:pessoaNome') },
      { key: 'cemiterioNome', dataIndex: 'cemiterioNome', title: t('campos:cemiterioNome') },
      { key: 'jazigoRotulo', dataIndex: 'jazigoRotulo', title: t('campos:jazigoId') },
      {
        key: 'tipoConcessao',
        dataIndex: 'tipoConcessao',
        title: t('campos:tipoConcessao'),
        render: (v: string) => t(`campos:opcao.tipoConcessao.${v}` as 'campos:opcao.tipoConcessao.TEMPORARIA'),
      },
      { key: 'inicio', dataIndex: 'inicio', title: t('campos:inicio'), render: celulaData },
      { key: 'renovadoAte', dataIndex: 'renovadoAte', title: t('campos:renovadoAte'), render: celulaData },
      {
        key: 'estadoConcessao',
        dataIndex: 'estadoConcessao',
        title: t('campos:estadoConcessao'),
        render: (v: EstadoConcessao) => (
          <Tag style={{ backgroundColor: CORES_ESTADO_CONCESSAO[v] }}>{t(`cemiterios:estados.${v}`)}</Tag>
        ),
      },
      { key: 'valor', dataIndex: 'valor', title: t('campos:valor'), align: 'right', render: celulaDinheiro },
      { key: 'parcelas', dataIndex: 'parcelas', title: t('campos:parcelas'), align: 'right', render: celulaNumero },
      { key: 'isento', dataIndex: 'isento', title: t('campos:isento'), render: celulaSimNao },
      { key: 'falecidos', dataIndex: 'falecidos', title: t('campos:falecidos'), align: 'right', render: celulaNumero },
    ],
    acoesDaLinha: {},
  });
  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${ACESSO_ARRENDATARIO}`)}
      lista={lista}
      textoNovo={t('cemiterios:novoArrendatario')}
      extra={<Button onClick={() => navegar(ROTA_CONSERVACAO_ATRASO)}>{t('cemiterios:conservacaoEmAtraso')}</Button>}
    />
  );
}
