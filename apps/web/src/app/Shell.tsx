import { DownOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { ACESSO_POR_ID, type AutenticacaoResposta, type GrupoMenu } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Dropdown, Layout, Menu, Progress, Select, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAnaliticaPaginas } from '../platform/analitica';
import { aoMudarCarga, api } from '../platform/api';
import { useAutorizacao } from '../platform/autorizacao';
import { trocarIdioma } from '../platform/i18n';
import { gravarSessao, type IdiomaArmazenado, lerIdioma, limparSessao } from '../platform/sessao';
import { INDICADORES, TELAS } from './telas';

const ORDEM_GRUPOS: GrupoMenu[] = [
  'inicio',
  'indicadores',
  'cadastros',
  'pessoas',
  'eventos',
  'financeiro',
  'atendimentos',
  'relatorios',
  'tabelas',
  'configuracoes',
];

function useCargaGlobal() {
  const [n, setN] = useState(0);
  useEffect(() => {
    const off = aoMudarCarga(setN);
    return () => {
      off();
    };
  }, []);
  return n > 0;
}

/** Set when the document is being left: requests still running then are cut off, not refused. */
let saindoDaPagina = false;
for (const evento of ['beforeunload', 'pagehide'])
  window.addEventListener(evento, () => {
    saindoDaPagina = true;
  });
// A page brought back from the back-forward cache is live again.
window.addEventListener('pageshow', () => {
  saindoDaPagina = false;
});

/** The signed-in frame: menu from the catalogue and permissions, organization and language switchers, user menu. */
export default function Shell() {
  const { t } = useTranslation(['comum', 'erros', 'menu']);
  const { sessao, autorizacao, podeNavegar } = useAutorizacao();
  const navegar = useNavigate();
  const local = useLocation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const carregando = useCargaGlobal();
  const [recolhido, setRecolhido] = useState(false);
  useAnaliticaPaginas();

  // On load the stored token is checked; 401 or no answer clears the stored login (spec §7).
  useQuery({
    queryKey: ['token-valido', sessao?.token],
    queryFn: async () => {
      try {
        const r = await api.get<{ valido: boolean }>(
          'Autenticacao/token-valido',
          { token: sessao!.token },
          { semCarga: true },
        );
        if (!r.valido) limparSessao();
        return r.valido;
      } catch {
        // A check cut off by leaving the page (a reload, a typed address) is no answer about the token.
        if (!saindoDaPagina) limparSessao();
        return false;
      }
    },
    enabled: !!sessao,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if ((local.state as { semPermissao?: boolean } | null)?.semPermissao) {
      void message.error(t('erros:ACESSO_NAO_PERMITIDO'));
      navegar(local.pathname, { replace: true, state: null });
    }
  }, [local, message, navegar, t]);

  const itensMenu = useMemo(() => {
    const disponiveis = new Set<string>([...TELAS.map((x) => x.acesso), ...INDICADORES]);
    return ORDEM_GRUPOS.map((grupo) => {
      const filhos = [...ACESSO_POR_ID.values()]
        .filter((a) => a.grupo === grupo && disponiveis.has(a.id) && podeNavegar(a.id))
        .map((a) => ({ key: a.rota, label: <Link to={a.rota}>{t(`menu:acessos.${a.id}`)}</Link> }));
      if (grupo === 'inicio')
        filhos.unshift({ key: '/dashboard', label: <Link to="/dashboard">{t('menu:acessos.Dashboard')}</Link> });
      return filhos.length ? { key: grupo, label: t(`menu:grupos.${grupo}`), children: filhos } : null;
    }).filter((x) => x !== null);
  }, [podeNavegar, t]);

  const trocarOrganizacao = async (organizacaoId: number) => {
    const r = await api.put<AutenticacaoResposta>(`Autenticacao/trocar-organizacao?organizacaoId=${organizacaoId}`);
    gravarSessao({ ...r });
    await qc.invalidateQueries();
    void message.success(t('comum:shell.organizacaoTrocada', { nome: r.organizacaoNome }));
  };

  const sair = async () => {
    await api.put('Autenticacao/invalidar-token').catch(() => undefined);
    limparSessao();
    qc.clear();
    navegar('/login', { replace: true });
  };

  const menuUsuario = {
    items: [
      { key: 'conta', icon: <UserOutlined />, label: t('comum:shell.conta'), onClick: () => navegar('/conta') },
      { key: 'sair', icon: <LogoutOutlined />, label: t('comum:shell.sair'), onClick: () => void sair() },
    ],
  };

  let banner: ReactNode = null;
  if (autorizacao?.ambiente === 'homolog') banner = <Alert type="warning" banner title={t('comum:app.homolog')} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {carregando && (
        <Progress
          percent={100}
          status="active"
          showInfo={false}
          size={['100%', 3]}
          style={{ position: 'fixed', top: -8, left: 0, right: 0, zIndex: 1000, lineHeight: 0 }}
          aria-label={t('comum:app.carregando')}
        />
      )}
      <Layout.Sider
        collapsible
        collapsed={recolhido}
        trigger={null}
        width={260}
        theme="light"
        breakpoint="lg"
        onBreakpoint={setRecolhido}
      >
        <nav aria-label={t('comum:shell.menu')}>
          <div style={{ padding: 16, fontWeight: 700, fontSize: 20, color: '#1f4e79' }}>SIG</div>
          <Menu mode="inline" selectedKeys={[local.pathname]} defaultOpenKeys={['inicio']} items={itensMenu} />
        </nav>
      </Layout.Sider>
      <Layout>
        {banner}
        <Layout.Header
          style={{ background: '#fff', paddingInline: 16, display: 'flex', alignItems: 'center', gap: 12 }}
        >
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('comum:shell.menu')}
            onClick={() => setRecolhido(!recolhido)}
          />
          <Space style={{ marginLeft: 'auto' }} wrap>
            <Select
              aria-label={t('comum:shell.trocarOrganizacao')}
              data-testid="trocar-organizacao"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 280 }}
              value={autorizacao?.organizacaoId ?? sessao?.organizacaoId}
              options={(autorizacao?.organizacoes ?? []).map((o) => ({ value: o.id, label: o.nome }))}
              onChange={(v) => void trocarOrganizacao(v)}
              placeholder={t('comum:shell.buscarOrganizacao')}
            />
            <Select
              aria-label={t('comum:shell.idioma')}
              data-testid="idioma"
              value={lerIdioma()}
              style={{ width: 130 }}
              onChange={(v: IdiomaArmazenado) => trocarIdioma(v)}
              options={[
                { value: 'br', label: t('comum:shell.portugues') },
                { value: 'en', label: t('comum:shell.ingles') },
              ]}
            />
            <Dropdown menu={menuUsuario} trigger={['click']}>
              <Button data-testid="menu-usuario">
                <Space>
                  <UserOutlined />
                  {sessao?.primeiroNome}
                  <DownOutlined />
                </Space>
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 16 }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>
          <Typography.Text type="secondary">SIG · {autorizacao?.perfilNome}</Typography.Text>
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
