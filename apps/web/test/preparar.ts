import { cleanup, configure } from '@testing-library/react';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { afterAll, beforeAll } from 'vitest';
import { i18n } from '../src/platform/i18n';

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

// Files share one module graph (vitest.config.ts, `isolate: false`): a file that switched to
// English must not leave the next one in it.
beforeAll(async () => {
  await i18n.changeLanguage('pt-BR');
  dayjs.locale('pt-br');
});
