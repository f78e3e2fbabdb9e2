// A business account in a real browser, at desktop width and on a 360 px phone (docs/shop-rules.md#business-accounts):
// a fresh buyer creates a business with an approval limit and an outlet, and invites a colleague as buyer; the
// colleague opens the e-mailed link, logs in with the invited e-mail and accepts; the colleague checks out to the
// outlet above the limit, so the order waits for approval; the admin approves it on the Approvals page and the
// colleague's order shows it approved. Axe finds nothing serious; nothing scrolls sideways; no page error.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, loginApi, ORDER_ADDRESS, registerBuyer, simpleProducts, uniqueEmail } from './support/api';
import { appOnScreen, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { expectNoSeriousViolations } from './support/axe';
import { receivedMail } from './support/mail';
import { loginInBrowser, poll, watchErrors } from './support/page';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = '/tmp/shots-business';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Types an address into the AddressFields under `scope` (the postal code last: its lookup fills the rest). */
async function fillAddress(page: Page, scope: ReturnType<Page['locator']>) {
  for (const [label, value] of [
    ['Recipient name', ORDER_ADDRESS.recipientName],
    ['Recipient phone', ORDER_ADDRESS.recipientPhone],
    ['Address line 1', ORDER_ADDRESS.line1],
    ['City', ORDER_ADDRESS.city],
    ['State', ORDER_ADDRESS.state],
    ['Country', ORDER_ADDRESS.country],
    ['Postal code', ORDER_ADDRESS.postalCode],
  ] as const)
    await scope.getByLabel(label, { exact: true }).fill(value);
  void page;
}

const viewports = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe.each(viewports)('a business account (%s)', (size, viewport) => {
  it('is created, a colleague joins by e-mail, orders above the limit and the admin approves', async () => {
    const adminWho = await registerBuyer('biz-admin', 'Meera Admin', '9123456701');
    const colleagueEmail = uniqueEmail('biz-buyer');
    const [product] = await simpleProducts();

    const adminSide = await newPage(browser, viewport);
    const colleagueSide = await newPage(browser, viewport);
    const errors = [...watchErrors(adminSide.page), ...watchErrors(colleagueSide.page)];
    try {
      const { page } = adminSide;
      await loginInBrowser(page, adminWho, '**/');
      await page.goto('/business');
      await appOnScreen(page);
      await page.getByRole('heading', { name: 'Create a business' }).waitFor();
      await expectNoSeriousViolations(page, `create business ${size}`);
      await page.getByLabel('Legal name').fill('Shakti Fuels Pvt Ltd');
      await page.getByLabel('Approval limit in ₹ (optional)').fill('1');
      await fillAddress(page, page.getByRole('group', { name: 'Billing address' }));
      await shot(page, `create-${viewport.width}`);
      await page.getByRole('button', { name: 'Create business' }).click();
      await page.getByRole('heading', { name: 'Shakti Fuels Pvt Ltd' }).waitFor();

      await page.getByRole('button', { name: 'Add an outlet' }).click();
      const outletForm = page.getByRole('form', { name: 'New outlet' });
      await outletForm.getByLabel('Outlet name').fill('Highway COCO');
      await outletForm.getByLabel('Brand').selectOption('IOCL');
      await outletForm.getByLabel('Dealer code (optional)').fill('IOC-1234');
      await outletForm.getByLabel('PESO licence number (optional)').fill('P/HQ/MH/15/4521');
      await outletForm.getByLabel('PESO licence valid until (optional)').fill('2031-03-31');
      await fillAddress(page, outletForm);
      await expectNoSeriousViolations(page, `outlet form ${size}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, `outlet-form-${viewport.width}`);
      await outletForm.getByRole('button', { name: 'Save outlet' }).click();
      await page.getByText('Highway COCO').first().waitFor();
      await page.getByText('PESO licence P/HQ/MH/15/4521 · valid until 2031-03-31').waitFor();

      const invite = page.getByRole('form', { name: 'Invite a person' });
      await invite.getByLabel('E-mail of the person to invite').fill(colleagueEmail);
      await invite.getByLabel('Role').selectOption('buyer');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await invite.getByRole('status').waitFor();
      await page.getByText(colleagueEmail).first().waitFor();
      await expectNoSeriousViolations(page, `business page ${size}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, `business-admin-${viewport.width}`);

      // The colleague: an account with the invited e-mail, then the e-mailed link.
      await api('POST', '/auth/register', {
        name: 'Ravi Buyer',
        email: colleagueEmail,
        phone: '9123456702',
        password: 'pumpkart-buyer-42',
      });
      const mail = await receivedMail(colleagueEmail, /Join Shakti Fuels/);
      const link = /https?:\/\/[^\s"<>]*\/business\/join#token=[^\s"<>&]+/.exec(mail.html ?? mail.text ?? '')![0];
      const other = colleagueSide.page;
      await other.goto(new URL(link).pathname + new URL(link).hash);
      await other.getByRole('link', { name: 'Log in to accept' }).click();
      await other.getByLabel('Email').fill(colleagueEmail);
      await other.getByLabel('Password').fill('pumpkart-buyer-42');
      await other.getByRole('button', { name: 'Login' }).click();
      await other.getByText('You joined Shakti Fuels Pvt Ltd.').waitFor();
      await expectNoSeriousViolations(other, `joined ${size}`);
      await shot(other, `joined-${viewport.width}`);

      // The colleague checks out to the outlet: above the limit, the order waits for approval.
      const colleague = await loginApi({ email: colleagueEmail, password: 'pumpkart-buyer-42' });
      await api('POST', '/cart/add', { productId: product!._id, variantId: null, quantity: 1 }, colleague.token);
      await other.goto('/cart');
      await other.getByTestId('cart-line').first().waitFor();
      const checkout = other.getByRole('button', { name: 'Checkout', exact: true });
      await poll(() => checkout.isEnabled()).toBe(true);
      await checkout.click();
      const modal = other.getByRole('dialog', { name: 'Checkout' });
      await modal.getByRole('group', { name: 'Deliver to outlet' }).getByRole('radio').first().waitFor();
      await expectNoSeriousViolations(other, `checkout to an outlet ${size}`);
      await shot(other, `checkout-outlet-${viewport.width}`);
      await modal.getByRole('button', { name: 'Confirm Order' }).click();
      await other.waitForURL('**/order/*');
      await other.getByTestId('order-status').filter({ hasText: 'Waiting for approval' }).waitFor();
      await shot(other, `order-waiting-${viewport.width}`);

      // The admin approves it on the Approvals page.
      await page.goto('/business');
      await page.getByRole('link', { name: 'Orders waiting for approval' }).click();
      const card = page.getByTestId('approval-card');
      await card.getByText('Placed by Ravi Buyer').waitFor();
      await expectNoSeriousViolations(page, `approvals ${size}`);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, `approvals-${viewport.width}`);
      await card.getByRole('button', { name: /^Approve/ }).click();
      await page.getByText('No order is waiting for approval.').waitFor();

      await other.reload();
      await other.getByText('Approval: Approved').waitFor();
      await expect(other.getByTestId('order-status').textContent()).resolves.not.toContain('Waiting for approval');
      expect(errors).toEqual([]);
    } finally {
      await adminSide.context.close();
      await colleagueSide.context.close();
    }
  });
});
