import { SITUACOES_ORGANIZACAO } from '@sig/contracts';
import { useTranslation } from 'react-i18next';
import { celulaMascara } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO, ROTA_FORM } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'busca', max: 100, dica: 'organizacoes:buscaDica' },
  { tipo: 'referencia', nome: 'tipoOrganizacaoId', referencia: 'tipo-organizacao' },
  { tipo: 'opcao', nome: 'situacao', opcoes: SITUACOES_ORGANIZACAO, rotulos: 'organizacoes:situacoes' },
  { tipo: 'referencia', nome: 'organizacaoPaiId', referencia: 'organizacao' },
  // The API matches the digits typed so far (a prefix).
  { tipo: 'mascara', nome: 'cnpj', mascara: 'cnpj' },
];

/** The organization registry list (spec §2 /organizacao): server paging, filters and sorting in the address. */
export default function OrganizacaoListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'menu', 'organizacoes']);
  useTitulo(`menu:acessos.${ACESSO}`);
  const lista = useListaRecurso({
    recurso: 'organizacao',
    acesso: ACESSO,
    filtros: FILTROS,
    rotaForm: ROTA_FORM,
    colunas: [
      { key: 'nomeFantasia', dataIndex: 'nomeFantasia', title: t('campos:nomeFantasia'), sorter: true },
      { key: 'razaoSocial', dataIndex: 'razaoSocial', title: t('campos:razaoSocial'), sorter: true },
      { key: 'cnpj', dataIndex: 'cnpj', title: t('campos:cnpj'), render: celulaMascara('cnpj') },
      { key: 'tipo', dataIndex: 'tipoOrganizacaoNome', title: t('campos:tipoOrganizacaoId') },
      {
        key: 'situacao',
        dataIndex: 'situacao',
        title: t('campos:situacao'),
        render: (v: (typeof SITUACOES_ORGANIZACAO)[number]) => t(`organizacoes:situacoes.${v}`),
      },
      { key: 'superior', dataIndex: 'organizacaoPaiNome', title: t('campos:organizacaoPaiId') },
    ],
    acoesDaLinha: { largura: 150 },
  });
  return <PaginaDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista} />;
}
