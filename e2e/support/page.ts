// What the browser journeys do in a page again and again (docs/architecture.md#tests): wait for a
// condition with a timeout that covers server round trips, record browser dialogs and uncaught errors
// (the shop uses on-page notices and dialogs, so a journey expects none), log in through the login
// form, apply the storefront's filters, and reach into the sandbox payment window.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Credentials } from './api';

/**
 * Waits for a condition in the page: server round trips and the app's own delays (1.2 s added state,
 * payment calls) exceed expect.poll's 1 s default.
 */
export const poll = <T>(check: () => T | Promise<T>) => expect.poll(check, { timeout: 15_000 });

/**
 * Records every browser alert, confirm or prompt as '<type>: <message>' and answers it (dismisses it
 * unless told to accept it): the journeys use none, so the list must stay empty.
 */
export function watchDialogs(page: Page, answer: 'dismiss' | 'accept' = 'dismiss'): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(`${dialog.type()}: ${dialog.message()}`);
    void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
  });
  return messages;
}

/** Collects the page's errors so that a journey fails on an uncaught exception. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Logs in through the login form; with `landing` (a URL glob) also waits until the app lands there. */
export async function loginInBrowser(page: Page, who: Credentials, landing?: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  if (landing) await page.waitForURL(landing);
}

/**
 * Opens the Filters panel, chooses an option by its label in each named select ('' chooses All),
 * and applies. With `awaitOptions` it first waits for each option to be listed (the category and
 * brand options load when the panel first opens).
 */
export async function applyFilters(page: Page, choose: Record<string, string>, { awaitOptions = false } = {}) {
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await panel.getByLabel('Category').waitFor();
  for (const [label, value] of Object.entries(choose)) {
    const select = panel.getByLabel(label);
    const option = value === '' ? 'All' : value;
    if (awaitOptions) await poll(() => select.locator('option').allTextContents()).toContain(option);
    await select.selectOption({ label: option });
  }
  await panel.getByRole('button', { name: 'Apply Filters' }).click();
  await panel.waitFor({ state: 'detached' });
}

/** The sandbox payment window's frame. */
export const sandbox = (page: Page) => page.frameLocator('iframe[title="Sandbox payment window"]');
