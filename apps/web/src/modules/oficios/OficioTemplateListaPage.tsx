import { FileTextOutlined } from '@ant-design/icons';
import { ACESSO_OFICIOS, TIPOS_OFICIO } from '@sig/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { celulaNumero, celulaSimNao } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_EMITIDOS, ROTA_FORM_TEMPLATE } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome' },
  { tipo: 'opcao', nome: 'tipoOficio', opcoes: TIPOS_OFICIO, rotulos: 'campos:opcao.tipoOficio' },
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
];

/** `/template-oficio` (spec §2): the scope's letter templates, with how many letters each issued. */
export default function OficioTemplateListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'oficios', 'menu', 'crud']);
  const navegar = useNavigate();
  useTitulo(`menu:acessos.${ACESSO_OFICIOS}`);
  const lista = useListaRecurso({
    recurso: 'template-oficio',
    acesso: ACESSO_OFICIOS,
    filtros: FILTROS,
    rotaForm: ROTA_FORM_TEMPLATE,
    colunas: [
      { key: 'nome', dataIndex: 'nome', title: t('campos:nome') },
      {
        key: 'tipoOficio',
        dataIndex: 'tipoOficio',
        title: t('campos:tipoOficio'),
        render: (v: (typeof TIPOS_OFICIO)[number]) => t(`campos:opcao.tipoOficio.${v}`),
      },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      {
        key: 'ativo',
        dataIndex: 'ativo',
        title: t('campos:ativo'),
        render: celulaSimNao,
      },
      { key: 'emitidos', dataIndex: 'emitidos', title: t('campos:emitidos'), align: 'right', render: celulaNumero },
    ],
    acoesDaLinha: {},
  });
  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${ACESSO_OFICIOS}`)}
      lista={lista}
      extra={
        <Button icon={<FileTextOutlined />} data-testid="ir-emitidos" onClick={() => navegar(ROTA_EMITIDOS)}>
          {t('oficios:emitidos')}
        </Button>
      }
    />
  );
}
