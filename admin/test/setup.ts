// DOM matchers (toBeInTheDocument…) for every admin component test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';

// A whole react-admin renders in these tests; on a busy machine its first paint of a page can
// take seconds. Longer waits only cost time when a test is failing anyway.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// jsdom does not implement scrolling; react-admin scrolls to the top after navigating.
window.scrollTo = () => {};

// Each test starts signed out, with an empty page: a stored `user` would otherwise leak from
// one test's login into the next one's checkAuth.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Recharts (the report charts) sizes its charts with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as never;
