/**
 * What a browser test file sets up around its tests: one server (`npm start` on a fresh data
 * directory, a copy of the run's seeded one), one Chromium, and every context it opened closed at the end.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer, type StartOptions } from './server';
import { signedInPage, type Session } from './session';

export interface BrowserSuite {
  /** Read inside a test or a hook: both exist once the file's `beforeAll` has run. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** Contexts to close after the file; push any a test opens itself. */
  readonly sessions: Session[];
  /** A new context signed in as `email`, on the share list, with its rows shown. */
  signedIn(email: string, context?: BrowserContextOptions): Promise<Page>;
}

/** Registers the file's `beforeAll`/`afterAll` and answers what they set up. */
export function browserSuite(options: StartOptions = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const sessions: Session[] = [];

  beforeAll(async () => {
    // Both at once, but neither left running when the other fails to start.
    const [started, launched] = await Promise.allSettled([startServer({ seeds: inject('seeds'), ...options }), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the suite's ${what} is read before its beforeAll ran`);
    return value;
  };

  return {
    get server() {
      return need(server, 'server');
    },
    get browser() {
      return need(browser, 'browser');
    },
    sessions,
    signedIn: (email, context) => signedInPage(need(browser, 'browser'), need(server, 'server').url, email, sessions, context),
  };
}
