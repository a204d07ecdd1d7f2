import { lazy, Suspense } from 'react';

const Glifos = lazy(() => import('./glifos'));

/** One glyph of the bundled icon set by its key; nothing while its chunk loads or without a key. */
export function Glifo({ simbolo }: { simbolo: string | null | undefined }) {
  if (!simbolo) return null;
  return (
    <Suspense fallback={null}>
      <Glifos simbolo={simbolo} />
    </Suspense>
  );
}

/** A glyph and its name, as options and cells show it. */
export const ComGlifo = ({ simbolo, texto }: { simbolo: string | null | undefined; texto: string }) => (
  <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
    <Glifo simbolo={simbolo} />
    {texto}
  </span>
);
