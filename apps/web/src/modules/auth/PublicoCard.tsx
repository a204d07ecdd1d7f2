import { Alert, Flex, theme } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clienteDiscreto, dados } from '../../platform/cliente';
import { trocarIdioma } from '../../platform/i18n';
import { type IdiomaArmazenado, lerIdioma } from '../../platform/sessao';

let ambiente: Promise<string | null> | undefined;
/**
 * The server's environment (GET /api/saude), asked once per page load. A plain request: the query
 * library's observer would add its weight to /login for this one value.
 */
function useAmbiente() {
  const [valor, setValor] = useState<string | null>(null);
  useEffect(() => {
    ambiente ??= dados(clienteDiscreto.GET('/api/saude')).then(
      (s) => s.ambiente,
      () => null,
    );
    let montado = true;
    void ambiente.then((a) => montado && setValor(a));
    return () => {
      montado = false;
    };
  }, []);
  return valor;
}

/**
 * The frame of the public pages: brand, a card, and the language choice; the test-environment
 * banner when the server says it is `homolog` (nobody should take it for production). Drawn from
 * the theme's tokens rather than with antd's Card, Typography and Select, which would add tabs,
 * menus, tooltips and a virtual list to the sign-in page's download (bench/README.md, web app).
 */
export function PublicoCard({ titulo, children }: { titulo: string; children: ReactNode }) {
  const { t } = useTranslation(['comum']);
  const { token } = theme.useToken();
  const homolog = useAmbiente() === 'homolog';
  const cabecalho: CSSProperties = { color: token.colorTextHeading, fontWeight: token.fontWeightStrong };
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: '#f0f4f8',
        padding: 16,
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {/* A Flex rather than a div: its theme classes scope antd's link style and colours to the links inside. */}
      <Flex vertical gap="large" style={{ width: 'min(420px, 100%)' }}>
        {homolog && <Alert type="warning" banner title={t('comum:app.homolog')} data-testid="homolog" />}
        <h1
          style={{
            ...cabecalho,
            fontSize: token.fontSizeHeading1,
            lineHeight: token.lineHeightHeading1,
            textAlign: 'center',
            color: '#1f4e79',
            margin: 0,
          }}
        >
          SIG
        </h1>
        <section
          style={{
            background: token.colorBgContainer,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: token.paddingLG,
          }}
        >
          <h2 style={{ ...cabecalho, fontSize: 20, lineHeight: token.lineHeightHeading2, margin: '0 0 0.5em' }}>
            {titulo}
          </h2>
          {children}
        </section>
        {/* Uncontrolled: the choice stays shown while the other language's texts load. */}
        <select
          aria-label={t('comum:shell.idioma')}
          data-testid="idioma"
          defaultValue={lerIdioma()}
          onChange={(e) => trocarIdioma(e.target.value as IdiomaArmazenado)}
          style={{
            width: 160,
            height: token.controlHeight,
            display: 'block',
            margin: '0 auto',
            padding: `0 ${token.paddingSM - token.lineWidth}px`,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
            borderRadius: token.borderRadius,
            background: token.colorBgContainer,
            color: token.colorText,
            font: 'inherit',
          }}
        >
          <option value="br">{t('comum:shell.portugues')}</option>
          <option value="en">{t('comum:shell.ingles')}</option>
        </select>
      </Flex>
    </main>
  );
}

/** The public forms' way back to the sign-in page, under their card's form. */
export function VoltarAoLogin() {
  const { t } = useTranslation(['publico']);
  return (
    <div style={{ marginTop: 16 }}>
      <Link to="/login">{t('publico:login.voltar')}</Link>
    </div>
  );
}
