import { BarChartOutlined } from '@ant-design/icons';
import { ACESSO_EVENTO, ACESSO_EVENTO_COM_INSCRICAO, TIPOS_EVENTO } from '@sig/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { celulaDataHora } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_FORM_EVENTO, ROTA_FORM_EVENTO_COM_INSCRICAO, ROTA_RELATORIO_INSCRICOES } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome' },
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
  { tipo: 'opcao', nome: 'tipoEvento', opcoes: TIPOS_EVENTO, rotulos: 'eventos:tipos' },
  // A calendar's range, not a search period over records: no warning for a long one.
  { tipo: 'periodo', de: 'de', ate: 'ate', aviso: false },
];

/**
 * `/evento` and `/evento-com-inscricao` (spec §2): the events the user's organizations hold or
 * see from above, by name, organizer, type and dates, exported as listed.
 */
export default function EventoListaPage({ comInscricao }: { comInscricao: boolean }) {
  const { t } = useTranslation(['campos', 'comum', 'eventos', 'menu']);
  const acesso = comInscricao ? ACESSO_EVENTO_COM_INSCRICAO : ACESSO_EVENTO;
  const navegar = useNavigate();
  useTitulo(`menu:acessos.${acesso}`);
  const lista = useListaRecurso({
    recurso: comInscricao ? 'evento-com-inscricao' : 'evento',
    acesso,
    filtros: FILTROS,
    rotaForm: comInscricao ? ROTA_FORM_EVENTO_COM_INSCRICAO : ROTA_FORM_EVENTO,
    colunas: [
      { key: 'codigo', dataIndex: 'codigo', title: t('campos:codigo') },
      { key: 'nome', dataIndex: 'nome', title: t('campos:nome') },
      {
        key: 'tipoEvento',
        dataIndex: 'tipoEvento',
        title: t('campos:tipoEvento'),
        render: (v: (typeof TIPOS_EVENTO)[number]) => t(`eventos:tipos.${v}`),
      },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      { key: 'inicio', dataIndex: 'inicio', title: t('campos:inicio'), render: celulaDataHora },
      { key: 'fim', dataIndex: 'fim', title: t('campos:fim'), render: celulaDataHora },
      { key: 'local', dataIndex: 'local', title: t('campos:local') },
    ],
    acoesDaLinha: { alteravel: (e) => !e.somenteLeitura },
  });
  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${acesso}`)}
      lista={lista}
      extra={
        comInscricao && (
          <Button icon={<BarChartOutlined />} onClick={() => navegar(ROTA_RELATORIO_INSCRICOES)}>
            {t('eventos:relatorio.titulo')}
          </Button>
        )
      }
    />
  );
}
