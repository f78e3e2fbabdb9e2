// Staff accounts in a real browser (docs/shop-rules.md#staff): the owner invites a person as orders staff from the
// Staff page; the invite e-mail goes out through the journeys' SMTP server (global-setup.ts), and the admin's
// E-mails API answers it sent with its link redacted (no live token: docs/shop-rules.md#emails); the invited
// person's copy, as SMTP received it, has the link that opens "Set your password"; the new password logs the person
// in on their first page, Orders; their menu holds only Orders and Payments, with their role; and /admin/products
// tells them they have no access. No browser dialog, no uncaught error.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type MailDetail, type MailListResponse } from '@pumpkart/shared';
import { ADMIN, api, loginApi, uniqueEmail } from './support/api';
import { DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { receivedMail } from './support/mail';
import { loginInBrowser, poll, watchDialogs, watchErrors } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Full-page screenshots at the laptop and the phone width go where E2E_SHOTS points, when it is set. */
async function shots(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${dir}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

const INVITE_LINK = /https?:\/\/[^\s"'<>]+\/set-password#token=[A-Za-z0-9_-]+/g;
const STAFF_PASSWORD = 'orders-staff-secret';

describe('staff accounts', () => {
  it('the owner invites orders staff, who sets a password and sees only the orders area', async () => {
    const email = uniqueEmail('staff');
    const owner = await loginApi(ADMIN);
    const ownerSide = await newPage(browser, DESKTOP);
    const staffSide = await newPage(browser, DESKTOP);
    const dialogs = [ownerSide.page, staffSide.page].map((page) => watchDialogs(page));
    const errors = [ownerSide.page, staffSide.page].map((page) => watchErrors(page));
    try {
      // The owner: Staff in the menu, the invite form.
      const desk = ownerSide.page;
      await loginInBrowser(desk, ADMIN, '**/admin/dashboard');
      await desk.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
      await desk.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
      await desk.getByLabel('Name').fill('Ravi Kumar');
      await desk.getByLabel('E-mail').fill(email);
      await desk.getByRole('radio', { name: /Orders staff/ }).check();
      await desk.getByRole('button', { name: 'Send invitation' }).click();
      await desk.getByText(STAFF_MESSAGES.invited(email)).waitFor();
      const row = desk.getByRole('row').filter({ hasText: email });
      await row.getByText(/^Link valid until/).waitFor();
      await shots(desk, 'admin-staff');

      // The invite, as the invited person's mail service received it: one live link.
      const received = await receivedMail(email, /invited/i);
      const links = [...new Set(received.text!.match(INVITE_LINK))];
      expect(links).toHaveLength(1);
      const link = new URL(links[0]!);
      expect(link.pathname).toBe('/set-password');
      const token = link.hash.slice('#token='.length);
      expect(token).not.toBe('REDACTED');
      expect(token.length).toBeGreaterThanOrEqual(20);

      // The owner's E-mails API answers it sent, with the link redacted and the token nowhere.
      const query = `/admin/emails?kind=staff-invite&to=${encodeURIComponent(email)}`;
      await poll(async () => {
        const list = await api<MailListResponse>('GET', query, undefined, owner.token);
        return list.data.map((mail) => mail.status);
      }).toEqual(['sent']);
      const [mail] = (await api<MailListResponse>('GET', query, undefined, owner.token)).data;
      const { data: detail } = await api<{ data: MailDetail }>(
        'GET',
        `/admin/emails/${mail!._id}`,
        undefined,
        owner.token,
      );
      expect([...new Set(detail.text!.match(INVITE_LINK))]).toEqual([`${link.origin}/set-password#token=REDACTED`]);
      expect(detail.html).toContain('/set-password#token=REDACTED');
      expect(JSON.stringify(detail)).not.toContain(token);

      // The invited person sets a password, then logs in on their first page.
      const page = staffSide.page;
      await page.goto(`${link.pathname}${link.hash}`);
      await page.getByRole('heading', { name: 'Set your password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD);
      await page.getByLabel('Confirm new password').fill(STAFF_PASSWORD);
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.waitForURL('**/login');
      await loginInBrowser(page, { email, password: STAFF_PASSWORD }, '**/admin/orders');
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();

      const menu = page.getByRole('navigation', { name: 'Admin' });
      await poll(() => menu.getByRole('link').allTextContents()).toEqual([
        'Orders',
        'Quotes',
        'Payments',
        'Customers',
        'Due tasks',
      ]);
      expect(await page.getByTestId('admin-role').textContent()).toBe('Orders staff');
      await shots(page, 'staff-orders');

      // A page outside the role says so.
      await page.goto('/admin/products');
      await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
      await shots(page, 'staff-no-access');

      // The owner's list now says Joined.
      await desk.reload();
      await desk.getByRole('row').filter({ hasText: email }).getByText('Joined').waitFor();

      expect(dialogs.flat()).toEqual([]);
      expect(errors.flat()).toEqual([]);
    } finally {
      await ownerSide.context.close();
      await staffSide.context.close();
    }
  });
});
