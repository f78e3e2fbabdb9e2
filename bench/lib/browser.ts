/** Debian's Chromium through playwright-core, with the flags of e2e/support/browser.ts. */
import { chromium, type Browser } from 'playwright-core';
import { onCleanup } from './cleanup';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The same list as e2e/support/browser.ts (which cannot be imported outside Vitest). */
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

export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const close = onCleanup('browser', () => browser.close());
  return { browser, close };
}
