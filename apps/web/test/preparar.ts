import { configure } from '@testing-library/react';

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
