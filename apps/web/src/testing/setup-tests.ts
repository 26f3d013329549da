// Vitest setup for the web project: jest-dom matchers, MSW for every HTTP call (unhandled requests fail),
// a fresh localStorage and mock database per test, and any console.error fails the test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetDb } from './mocks/db';
import { server } from './mocks/server';

// A lazily loaded route is compiled on first use; on a busy 2-core machine that takes over the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

let consoleErrors: unknown[][] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  // jsdom has no alert(); tests assert on this spy.
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  window.localStorage.clear();
  resetDb();
});

afterEach(() => {
  cleanup();
  // Files share a document (isolate: false): what a test wrote into it outside React goes too.
  document.body.replaceChildren();
  server.resetHandlers();
  server.events.removeAllListeners();
  if (consoleErrors.length > 0) {
    const text = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});

afterAll(() => server.close());
