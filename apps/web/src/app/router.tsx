import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { carregar } from '../platform/carregar';
import { consultaAutorizacao } from '../platform/consultaAutorizacao';
import { i18n, NAMESPACES_AREA_LOGADA } from '../platform/i18n';
import { aoMudarSessao, lerSessao } from '../platform/sessao';
import { comEsperaLeve } from './esperaLeve';

const LoginPage = carregar(() => import('../modules/auth/LoginPage'));
const CadastroPage = carregar(() => import('../modules/auth/CadastroPage'));
const ResetSenhaPage = carregar(() => import('../modules/auth/ResetSenhaPage'));
const TermosExternoPage = carregar(() => import('../modules/auth/TermosExternoPage'));
const TermosRevogacaoPage = carregar(() => import('../modules/auth/TermosRevogacaoPage'));
const SepultadosExternoPage = carregar(() => import('../modules/auth/SepultadosExternoPage'));
const EventoExternoPage = carregar(() => import('../modules/eventos/EventoExternoPage'));
const OficioVerificacaoPage = carregar(() => import('../modules/auth/OficioVerificacaoPage'));
// The shell, its screens and the catalogue they read come in one lazy chunk that the public pages never fetch.
const AreaLogada = carregar(() => import('./AreaLogada'));

const assinarSessao = (aviso: () => void) => {
  const off = aoMudarSessao(aviso);
  window.addEventListener('storage', aviso);
  return () => {
    off();
    window.removeEventListener('storage', aviso);
  };
};
/**
 * Whether a session is stored. The guards need no more, so the entry leaves the permissions
 * (platform/autorizacao.tsx, with its query code) to the signed-in area.
 */
const useLogado = () => useSyncExternalStore(assinarSessao, () => lerSessao() !== null);

/** Signed-in users who open a public sign-in page go to the dashboard (spec §2). */
function SomenteDeslogado() {
  return useLogado() ? <Navigate to="/dashboard" replace /> : comEsperaLeve(<Outlet />);
}

function SomenteLogado() {
  const logado = useLogado();
  const consultas = useQueryClient();
  // The permissions and the area's texts are asked for now, while its code is still on its way.
  useEffect(() => {
    const sessao = lerSessao();
    if (!logado || !sessao) return;
    void consultas.prefetchQuery(consultaAutorizacao(sessao));
    void i18n.loadNamespaces(NAMESPACES_AREA_LOGADA);
  }, [consultas, logado]);
  return logado ? comEsperaLeve(<AreaLogada />) : <Navigate to="/login" replace />;
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
  { path: '/externo/termos/revogar/:token', element: comEsperaLeve(<TermosRevogacaoPage />) },
  { path: '/externo/termos/:token?', element: comEsperaLeve(<TermosExternoPage />) },
  { path: '/externo/sepultados', element: comEsperaLeve(<SepultadosExternoPage />) },
  { path: '/externo/eventos/:codigo', element: comEsperaLeve(<EventoExternoPage />) },
  { path: '/externo/oficio/:codigo?', element: comEsperaLeve(<OficioVerificacaoPage />) },
  { path: '/externo', element: <Navigate to="/externo/termos" replace /> },
  // Every other path is the signed-in area's; signed out, it goes to the login page.
  { path: '*', element: <SomenteLogado /> },
]);
