import { cleanup, configure } from '@testing-library/react';
import { afterAll } from 'vitest';

// antd reads these browser APIs, which happy-dom leaves out.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// A busy machine (two cores, several suites) answers slower than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });

// React runs an unmount's passive effects on a later tick (the scheduler's setImmediate, which
// reads `window`): let it run before the file's environment, and `window` with it, goes away.
afterAll(async () => {
  cleanup();
  await new Promise((pronto) => setTimeout(pronto, 20));
});
