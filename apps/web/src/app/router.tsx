import { ACESSO_POR_ID } from '@sig/contracts';
import { Spin } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { useAutorizacao } from '../platform/autorizacao';
import { carregar } from '../platform/carregar';
import { INDICADORES, TELAS } from './telas';

const LoginPage = carregar(() => import('../modules/auth/LoginPage'));
const CadastroPage = carregar(() => import('../modules/auth/CadastroPage'));
const ResetSenhaPage = carregar(() => import('../modules/auth/ResetSenhaPage'));
const TermosExternoPage = carregar(() => import('../modules/auth/TermosExternoPage'));
const Shell = carregar(() => import('./Shell'));
const IndicadorPage = carregar(() => import('../modules/inicio/IndicadorPage'));
const ContaPage = carregar(() => import('../modules/auth/ContaPage'));
const DashboardPage = carregar(() => import('../modules/inicio/DashboardPage'));

const espera = (
  <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
    <Spin size="large" />
  </div>
);
const comEspera = (n: ReactNode) => <Suspense fallback={espera}>{n}</Suspense>;

/** Signed-in users who open a public sign-in page go to the dashboard (spec §2). */
function SomenteDeslogado() {
  const { sessao } = useAutorizacao();
  return sessao ? <Navigate to="/dashboard" replace /> : comEspera(<Outlet />);
}

function SomenteLogado() {
  const { sessao } = useAutorizacao();
  return sessao ? comEspera(<Shell />) : <Navigate to="/login" replace />;
}

/** A screen without list or view permission sends to the dashboard with 'Access not permitted.'. */
export function ExigirAcesso({ acesso, children }: { acesso: string; children: ReactNode }) {
  const { podeNavegar, carregando } = useAutorizacao();
  if (carregando) return espera;
  if (!podeNavegar(acesso)) return <Navigate to="/dashboard" replace state={{ semPermissao: true }} />;
  return comEspera(children);
}

/** /indicadores goes to the first indicator screen the user may open. */
function PrimeiroIndicador() {
  const { podeNavegar, carregando } = useAutorizacao();
  if (carregando) return espera;
  const primeiro = INDICADORES.find((a) => podeNavegar(a));
  return <Navigate to={primeiro ? ACESSO_POR_ID.get(primeiro)!.rota : '/dashboard'} replace />;
}

export const router = createBrowserRouter([
  {
    element: <SomenteDeslogado />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/cadastro', element: <CadastroPage /> },
      { path: '/reset-senha', element: <ResetSenhaPage /> },
    ],
  },
  { path: '/externo/termos/:token?', element: comEspera(<TermosExternoPage />) },
  { path: '/externo', element: <Navigate to="/externo/termos" replace /> },
  {
    element: <SomenteLogado />,
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
                  <ExigirAcesso acesso={acesso}>
                    <form.pagina />
                  </ExigirAcesso>
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
  { path: '*', element: <Navigate to="/login" replace /> },
]);
