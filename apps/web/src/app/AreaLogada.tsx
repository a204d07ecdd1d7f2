import { ACESSO_POR_ID } from '@sig/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useParams, useRoutes } from 'react-router';
import { AutorizacaoProvider, useAutorizacao } from '../platform/autorizacao';
import { carregar } from '../platform/carregar';
import { NAMESPACES_AREA_LOGADA } from '../platform/i18n';
import { comEspera, espera } from './espera';
import { PortaoTermos } from './PortaoTermos';
import Shell from './Shell';
import { type Antecipar, INDICADORES, TELAS } from './telas';

const IndicadorPage = carregar(() => import('../modules/inicio/IndicadorPage'));
const ContaPage = carregar(() => import('../modules/auth/ContaPage'));
const DashboardPage = carregar(() => import('../modules/inicio/DashboardPage'));

/** A screen without list or view permission sends to the dashboard with 'Access not permitted.'. */
function ExigirAcesso({ acesso, children }: { acesso: string; children: ReactNode }) {
  const { podeNavegar, carregando } = useAutorizacao();
  if (carregando) return espera;
  if (!podeNavegar(acesso)) return <Navigate to="/dashboard" replace state={{ semPermissao: true }} />;
  return comEspera(children);
}

/**
 * A form's own requests started as its route opens, while the permissions and the page's code are
 * still on their way; the page's queries then find them under way.
 */
function Antecipando({ antecipar, children }: { antecipar?: Antecipar; children: ReactNode }) {
  const { id } = useParams();
  const consultas = useQueryClient();
  useEffect(() => {
    antecipar?.(id, consultas);
  }, [antecipar, id, consultas]);
  return children;
}

/** /indicadores goes to the first indicator screen the user may open. */
function PrimeiroIndicador() {
  const { podeNavegar, carregando } = useAutorizacao();
  if (carregando) return espera;
  const primeiro = INDICADORES.find((a) => podeNavegar(a));
  return <Navigate to={primeiro ? ACESSO_POR_ID.get(primeiro)!.rota : '/dashboard'} replace />;
}

const rotas: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <Navigate to="/indicadores" replace /> },
      { path: '/indicadores', element: <PrimeiroIndicador /> },
      ...INDICADORES.map((acesso) => ({
        path: ACESSO_POR_ID.get(acesso)!.rota,
        element: (
          <ExigirAcesso acesso={acesso}>
            <IndicadorPage acesso={acesso} />
          </ExigirAcesso>
        ),
      })),
      // Where refused screens land, so every signed-in user may open it (its cards check their own access).
      { path: '/dashboard', element: comEspera(<DashboardPage />) },
      { path: '/conta', element: comEspera(<ContaPage />) },
      ...TELAS.flatMap(({ acesso, pagina: Pagina, form }) => [
        {
          path: ACESSO_POR_ID.get(acesso)!.rota,
          element: (
            <ExigirAcesso acesso={acesso}>
              <Pagina />
            </ExigirAcesso>
          ),
        },
        ...(form
          ? [
              {
                path: form.rota,
                element: (
                  <Antecipando antecipar={form.antecipar}>
                    <ExigirAcesso acesso={acesso}>
                      <form.pagina />
                    </ExigirAcesso>
                  </Antecipando>
                ),
              },
            ]
          : []),
      ]),
      ...TELAS.flatMap(({ acesso, extras = [] }) =>
        extras.map(({ rota, pagina: Extra }) => ({
          path: rota,
          element: (
            <ExigirAcesso acesso={acesso}>
              <Extra />
            </ExigirAcesso>
          ),
        })),
      ),
    ],
  },
  // Unknown paths go to the login page, which sends a signed-in user on to the dashboard.
  { path: '*', element: <Navigate to="/login" replace /> },
];

/** The signed-in routes, under the shell (the router's catch-all renders them once a session exists). */
export default function AreaLogada() {
  // The namespaces the public pages leave out are there before any signed-in screen shows.
  const { i18n } = useTranslation(['comum', ...NAMESPACES_AREA_LOGADA]);
  // Dates are shown and picked on signed-in screens only, so dayjs and its locale come with them.
  useEffect(() => {
    dayjs.locale(i18n.language === 'en' ? 'en' : 'pt-br');
  }, [i18n.language]);
  const tela = useRoutes(rotas);
  return (
    <AntApp>
      <PortaoTermos>
        <AutorizacaoProvider>{tela}</AutorizacaoProvider>
      </PortaoTermos>
    </AntApp>
  );
}
