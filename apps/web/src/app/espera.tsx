import { Spin } from 'antd';
import { type ReactNode, Suspense } from 'react';

/** What a lazy screen shows while its chunk loads (the router's and the signed-in area's alike). */
export const espera = (
  <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
    <Spin size="large" />
  </div>
);
export const comEspera = (n: ReactNode) => <Suspense fallback={espera}>{n}</Suspense>;
