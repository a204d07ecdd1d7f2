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
