// Password reset by e-mail in a real browser (docs/shop-rules.md#password-reset, #emails): a buyer who forgot
// the password asks for a link from the login page ("Forgot password?"). The message goes out through the
// journeys' SMTP server (global-setup.ts); the admin finds it, sent, on the E-mails page (filtered by kind and
// recipient, the filters kept in the address across a reload), opens it and sees the reset link redacted in the
// HTML preview and in the plain text: no live token on the page or in the API (#emails, "Password links are the
// recipient's alone"). The buyer's copy, as SMTP received it, carries the live link, which sets a new password;
// the old one no longer logs in, the link does not work twice, and the new password logs in. No browser dialog,
// no uncaught error.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_KIND_LABELS, SERVER_MESSAGES, type MailDetail, type MailListResponse } from '@pumpkart/shared';
import { ADMIN, api, loginApi, registerBuyer } from './support/api';
import { baseUrl, DESKTOP, launchBrowser, newPage } from './support/browser';
import { receivedMail } from './support/mail';
import { loginInBrowser, poll, watchDialogs, watchErrors } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Screenshots (of the page, or of one part of it) go where E2E_SHOTS points, when it is set. */
async function shot(target: Page | Locator, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: `${dir}/${name}.png`, ...('goto' in target ? { fullPage: true } : {}) });
}

const NEW_PASSWORD = 'a-new-secret-42';

/** The reset links in a text: this shop's /reset-password with a token in the fragment. */
const RESET_LINK = /https?:\/\/[^\s"'<>]+\/reset-password#token=[A-Za-z0-9_-]+/g;
/** What the outbox, the E-mails page and its API show instead of the token. */
const REDACTED = '#token=REDACTED';

/** The different reset links of an HTML document's anchors (href="..."; the button and the link under it). */
const resetHrefsOf = (html: string) => [
  ...new Set(
    [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)]
      .map((match) => match[1]!.replaceAll('&amp;', '&'))
      .filter((href) => href.includes('/reset-password#')),
  ),
];

/** Whether the login with these credentials succeeds (the API answers 401 to a wrong password). */
const canLogIn = (email: string, password: string) =>
  loginApi({ email, password }).then(
    () => true,
    () => false,
  );

describe('password reset by e-mail', () => {
  it('the buyer asks for a link, the admin sees it sent and redacted, and the link the buyer received sets a new password', async () => {
    const buyer = await registerBuyer('reset', 'Reset Buyer', '9123456780');
    const admin = await loginApi(ADMIN);

    const buyerSide = await newPage(browser, DESKTOP);
    const adminSide = await newPage(browser, DESKTOP);
    const dialogs = [buyerSide.page, adminSide.page].map((page) => watchDialogs(page));
    const errors = [buyerSide.page, adminSide.page].map((page) => watchErrors(page));
    try {
      // The buyer: login page -> Forgot password? -> the e-mail -> the same answer for any address.
      const page = buyerSide.page;
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      // The login page (with its own Email field) stays until the new page has loaded: wait for it.
      await page.getByRole('heading', { name: 'Forgot password', level: 1 }).waitFor();
      await page.getByLabel('Email').fill(buyer.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText(SERVER_MESSAGES.passwordResetRequested).waitFor();

      // The worker sends it: the buyer's mail service (the journeys' SMTP server) has one reset message.
      const received = await receivedMail(buyer.email, /password/i);
      const query = `/admin/emails?kind=password-reset&to=${encodeURIComponent(buyer.email)}`;
      await poll(async () => {
        const list = await api<MailListResponse>('GET', query, undefined, admin.token);
        return list.data.map((mail) => mail.status);
      }).toEqual(['sent']);

      // The buyer's copy carries one live link, the same in the HTML and in the plain text.
      const receivedLinks = [...new Set(received.text!.match(RESET_LINK))];
      expect(receivedLinks).toHaveLength(1);
      const liveLink = receivedLinks[0]!;
      expect(resetHrefsOf(received.html!)).toEqual([liveLink]);
      const token = new URL(liveLink).hash.slice('#token='.length);
      expect(token).not.toBe('REDACTED');
      expect(token.length).toBeGreaterThanOrEqual(20);

      // The admin's API answers the same message with the link redacted, and the token nowhere.
      const [summary] = (await api<MailListResponse>('GET', query, undefined, admin.token)).data;
      const { data: stored } = await api<{ data: MailDetail }>(
        'GET',
        `/admin/emails/${summary!._id}`,
        undefined,
        admin.token,
      );
      const redactedLink = liveLink.replace(/#token=.*$/, REDACTED);
      expect(stored.text!.match(RESET_LINK)).toEqual([redactedLink]);
      expect(resetHrefsOf(stored.html!)).toEqual([redactedLink]);
      expect(JSON.stringify(stored)).not.toContain(token);
      // What was sent is the stored message with the token put into its link, nothing else changed.
      expect(received.subject).toBe(stored.subject);
      expect(received.text!.replaceAll(token, 'REDACTED').trim()).toBe(stored.text!.trim());

      // The admin: E-mails in the menu, the newest Password reset message to this buyer.
      const desk = adminSide.page;
      await loginInBrowser(desk, ADMIN, '**/admin/dashboard');
      await desk.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'E-mails' }).click();
      await desk.getByRole('heading', { name: 'E-mails', level: 1 }).waitFor();
      await desk.getByLabel('Kind').selectOption({ label: MAIL_KIND_LABELS['password-reset'] });
      await desk.getByLabel('Recipient').fill(buyer.email);
      await desk.getByRole('button', { name: 'Search' }).click();
      await poll(() => new URL(desk.url()).search).toBe(`?kind=password-reset&to=${encodeURIComponent(buyer.email)}`);
      // A reload keeps the filters.
      await desk.reload();
      await desk.getByRole('heading', { name: 'E-mails', level: 1 }).waitFor();
      expect(await desk.getByLabel('Kind').inputValue()).toBe('password-reset');
      expect(await desk.getByLabel('Recipient').inputValue()).toBe(buyer.email);

      const table = desk.getByRole('region', { name: 'Messages on this page table' });
      const rows = table.getByRole('row').filter({ has: desk.getByRole('cell') });
      await poll(() => rows.count()).toBe(1);
      const row = rows.first();
      expect(await row.getByRole('cell').nth(2).textContent()).toBe(buyer.email);
      expect(await row.getByRole('cell').nth(3).textContent()).toBe('Sent');
      await row.getByRole('button').click();

      const dialog = desk.getByRole('dialog');
      // The dialog says "E-mail" until the message has loaded, then its subject.
      await dialog.getByRole('heading', { level: 2, name: /password/i }).waitFor();
      // The HTML preview runs no script and reaches nothing of the admin page: an empty sandbox.
      const frameElement = dialog.getByTitle('E-mail preview');
      expect(await frameElement.getAttribute('sandbox')).toBe('');
      const preview = desk.frameLocator('iframe[title="E-mail preview"]');
      const button = preview.getByRole('link', { name: /reset your password/i });
      await button.waitFor();
      // The preview's button links to the reset page with the token redacted.
      expect(await button.getAttribute('href')).toBe(redactedLink);
      const srcdoc = (await frameElement.getAttribute('srcdoc')) ?? '';
      expect(srcdoc).toContain(REDACTED);
      expect(srcdoc).not.toContain(token);
      await shot(desk, 'admin-email-password-reset');

      // The plain text carries the same redacted link; the page shows the token nowhere.
      await dialog.getByRole('button', { name: 'Text', exact: true }).click();
      const text = (await dialog.locator('pre').textContent()) ?? '';
      expect(text.match(RESET_LINK)).toEqual([redactedLink]);
      expect(await desk.content()).not.toContain(token);

      // The buyer's link points at this shop (PUBLIC_URL is unset: localhost and the server's port).
      const link = new URL(liveLink);
      expect(link.port).toBe(new URL(baseUrl()).port);
      expect(link.pathname).toBe('/reset-password');

      // The buyer opens the link and sets a new password; the reset logs nobody in.
      await page.goto(`${link.pathname}${link.hash}`);
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.waitForURL('**/login');
      await page.getByText(SERVER_MESSAGES.passwordResetDone).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      // The old password fails, in the form and at the API.
      await loginInBrowser(page, buyer);
      await page.getByRole('alert').filter({ hasText: SERVER_MESSAGES.invalidCredentials }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await canLogIn(buyer.email, buyer.password)).toBe(false);

      // The link works once.
      await page.goto(`${link.pathname}${link.hash}`);
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill('yet-another-secret');
      await page.getByLabel('Confirm new password').fill('yet-another-secret');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText(SERVER_MESSAGES.passwordResetLinkInvalid).waitFor();

      // The new password logs in: the buyer lands on the home page with a session.
      await loginInBrowser(page, { email: buyer.email, password: NEW_PASSWORD });
      await page.waitForURL((url) => url.pathname === '/');
      await poll(() => page.evaluate(() => localStorage.getItem('userEmail'))).toBe(buyer.email);
      expect(await canLogIn(buyer.email, NEW_PASSWORD)).toBe(true);

      expect(dialogs.flat()).toEqual([]);
      expect(errors.flat()).toEqual([]);
    } finally {
      await buyerSide.context.close();
      await adminSide.context.close();
    }
  });
});
