import { DownOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { ACESSO_POR_ID, type GrupoMenu } from '@sig/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Dropdown, Layout, Menu, Progress, Select, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAnaliticaPaginas } from '../platform/analitica';
import { aoMudarCarga } from '../platform/api';
import { registrarRecente } from '../platform/atalhos';
import { useAutorizacao } from '../platform/autorizacao';
import { cliente, clienteDiscreto, dados } from '../platform/cliente';
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

/**
 * Below antd's `lg` (992 px: phones and most tablets) the menu is an overlay drawer with its full
 * labels: a sider there either squeezes the content or, collapsed, shows items without icons as
 * single letters.
 */
const TELA_ESTREITA = '(max-width: 991.98px)';
const assinarLargura = (aviso: () => void) => {
  const m = window.matchMedia(TELA_ESTREITA);
  m.addEventListener('change', aviso);
  return () => m.removeEventListener('change', aviso);
};
const useTelaEstreita = () => useSyncExternalStore(assinarLargura, () => window.matchMedia(TELA_ESTREITA).matches);

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
  const estreita = useTelaEstreita();
  const [gavetaAberta, setGavetaAberta] = useState(false);
  useAnaliticaPaginas();

  // A screen opened is a recent one (the home's shortcuts); following a link closes the drawer.
  useEffect(() => {
    setGavetaAberta(false);
    const aberta = [...ACESSO_POR_ID.values()].find((a) => a.rota === local.pathname);
    if (aberta && podeNavegar(aberta.id)) registrarRecente(aberta.id);
  }, [local.pathname, podeNavegar]);

  // On load the stored token is checked; 401 or no answer clears the stored login (spec §7).
  useQuery({
    queryKey: ['token-valido', sessao?.token],
    queryFn: async () => {
      try {
        const r = await dados(
          clienteDiscreto.GET('/api/Autenticacao/token-valido', { params: { query: { token: sessao!.token } } }),
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
    const r = await dados(
      cliente.PUT('/api/Autenticacao/trocar-organizacao', { params: { query: { organizacaoId } } }),
    );
    gravarSessao({ ...r });
    await qc.invalidateQueries();
    void message.success(t('comum:shell.organizacaoTrocada', { nome: r.organizacaoNome }));
  };

  const sair = async () => {
    await cliente.PUT('/api/Autenticacao/invalidar-token').catch(() => undefined);
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

  const menu = (
    <nav aria-label={t('comum:shell.menu')}>
      <Menu mode="inline" selectedKeys={[local.pathname]} defaultOpenKeys={['inicio']} items={itensMenu} />
    </nav>
  );

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
      {estreita ? (
        <Drawer
          placement="left"
          open={gavetaAberta}
          onClose={() => setGavetaAberta(false)}
          size={300}
          title="SIG"
          styles={{ body: { padding: 0 } }}
          data-testid="menu-gaveta"
        >
          {menu}
        </Drawer>
      ) : (
        // Hidden whole when folded: its items have no icons to stand for them.
        <Layout.Sider collapsible collapsed={recolhido} collapsedWidth={0} trigger={null} width={260} theme="light">
          <div style={{ padding: 16, fontWeight: 700, fontSize: 20, color: '#1f4e79' }}>SIG</div>
          {menu}
        </Layout.Sider>
      )}
      {/* minWidth 0: a wide table scrolls inside its card instead of widening the page. */}
      <Layout style={{ minWidth: 0 }}>
        {banner}
        <Layout.Header
          style={{
            background: '#fff',
            paddingInline: estreita ? 8 : 16,
            paddingBlock: 8,
            // Its controls wrap on a phone: the header grows rather than spilling over what follows.
            height: 'auto',
            minHeight: 64,
            lineHeight: 'normal',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 8,
          }}
        >
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={t('comum:shell.menu')}
            aria-expanded={estreita ? gavetaAberta : !recolhido}
            data-testid="abrir-menu"
            onClick={() => (estreita ? setGavetaAberta(true) : setRecolhido(!recolhido))}
          />
          <Space style={{ marginLeft: 'auto', justifyContent: 'flex-end' }} wrap>
            <Select
              aria-label={t('comum:shell.trocarOrganizacao')}
              data-testid="trocar-organizacao"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 280, maxWidth: 'calc(100vw - 80px)' }}
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
              onChange={(v: IdiomaArmazenado) => {
                trocarIdioma(v);
                // The API answers labels in the reader's language (seeded reference rows, texts
                // the system wrote): what was read in the other one is read again.
                void qc.invalidateQueries();
              }}
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
        <Layout.Content style={{ margin: estreita ? 8 : 16 }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center' }}>
          <Typography.Text type="secondary">SIG · {autorizacao?.perfilNome}</Typography.Text>
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
