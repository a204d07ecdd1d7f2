import { theme } from 'antd';
import { type ReactNode, Suspense } from 'react';

/**
 * The entry's wait while a public page's or the signed-in area's chunk loads. Drawn as an SVG:
 * antd's Spin would put 3 KB gzip more on /login (bench/README.md); the area's own screens wait
 * on Spin (espera.tsx).
 */
function Girando() {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }} aria-busy="true">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="16" cy="16" r="13" fill="none" stroke={token.colorPrimary} strokeWidth="3" strokeDasharray="60 30">
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 16 16"
            to="360 16 16"
            dur="1s"
            repeatCount="indefinite"
          />
        </circle>
      </svg>
    </div>
  );
}

export const comEsperaLeve = (n: ReactNode) => <Suspense fallback={<Girando />}>{n}</Suspense>;
