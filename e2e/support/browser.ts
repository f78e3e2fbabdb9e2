// Launches Debian's Chromium through playwright-core (never a downloaded browser).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
}

export const baseUrl = () => inject('baseUrl');

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 360, height: 740 };

/** A fresh context (own cookies and localStorage) with the app's base URL. */
export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Waits for the app's first commit, which replaces the page shell the server painted: the shell's controls take
 * input before it, but what only the app does (search suggestions, for one) starts there.
 */
export const appOnScreen = (page: Page) =>
  page.waitForFunction(() => {
    const first = document.getElementById('root')?.firstElementChild;
    return first != null && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
  });
