// The product view in a real browser (docs/shop-rules.md#catalog, #accounts): a card opens
// /product/<id> as a modal over the page, which a reload keeps and Back closes; a shared link opens
// over the product's category on a desktop and as a page of its own on a 360 px phone; a visitor's
// 'Login to Buy' comes back to the product after login and adds to the cart with focus kept on the
// button; on a phone the Add to Cart of a product with sizes is on screen without scrolling, and
// several pictures swipe with pagination dots. The demo catalog has one picture per product, so the
// swipe is played on the server's answer for one product with two more of the catalog's pictures.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pumpkart/shared';
import { api, registerBuyer, type ApiProduct } from './support/api';
import { baseUrl, DESKTOP, launchBrowser, newPage, PHONE } from './support/browser';
import { poll, watchErrors } from './support/page';

interface HomeView {
  sections: { category: string; products: ApiProduct[] }[];
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A new buyer account for this run (the demo customer's cart is left alone). */
const newBuyer = () => registerBuyer('product', 'Meera Buyer', '9123456780');

/** The products the home page shows (4 per category), in stock. */
async function homeProducts(): Promise<ApiProduct[]> {
  const home = await api<HomeView>('GET', '/products?view=home');
  return home.sections.flatMap((section) => section.products).filter((product) => product.stock > 0);
}

/** The home page product with the most sizes (they push Add to Cart down on a phone). */
async function productWithSizes(): Promise<ApiProduct> {
  const sized = (await homeProducts()).filter((product) => product.variants.filter((v) => v.size).length >= 2);
  sized.sort((a, b) => b.variants.length - a.variants.length);
  if (!sized[0]) throw new Error('The home page shows no product with sizes');
  return sized[0];
}

const cardLink = (page: Page, title: string) =>
  page.getByRole('article', { name: title }).getByRole('link', { name: title, exact: true });

const isFocused = (page: Page, name: string) =>
  page.evaluate((text) => document.activeElement?.textContent?.trim() === text, name);

/** Whether the element is wholly inside the window (no scrolling needed to see it). */
async function inViewport(selector: ReturnType<Page['locator']>, viewport: { width: number; height: number }) {
  const box = await selector.boundingBox();
  if (!box) return false;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width;
}

describe('the product view', () => {
  it('opens from a card at its own URL, survives a reload, closes with Back; a shared link opens over its category', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const errors = watchErrors(page);
    const product = (await homeProducts())[0]!;
    try {
      await page.goto('/');
      await cardLink(page, product.title).click();
      await page.waitForURL(`**/product/${product._id}`);
      const dialog = page.getByRole('dialog', { name: product.title });
      await dialog.waitFor();
      // The home page stays behind the modal.
      expect(await page.locator('h1').first().textContent()).toBe('One Stop Solution For Your Petrol Pump');
      const trail = dialog.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await trail.locator('[aria-current="page"]').textContent()).toBe(product.title);
      expect(await trail.getByRole('link', { name: product.category }).getAttribute('href')).toBe(
        `/category/${encodeURIComponent(product.category)}`,
      );

      // A reload keeps the product open.
      await page.reload();
      await dialog.waitFor();
      expect(new URL(page.url()).pathname).toBe(`/product/${product._id}`);

      // Back closes it, and the home page is there.
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await dialog.waitFor({ state: 'detached' });
      await cardLink(page, product.title).waitFor();

      // Forward opens it again; the × closes it the same way as Back.
      await page.goForward();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await dialog.waitFor({ state: 'detached' });

      // A shared link: the modal over the product's category page; closing lands on that page.
      const shared = await context.newPage();
      await shared.goto(`/product/${product._id}`);
      const sharedDialog = shared.getByRole('dialog', { name: product.title });
      await sharedDialog.waitFor();
      expect(new URL(shared.url()).pathname).toBe(`/product/${product._id}`);
      await poll(async () => (await shared.locator('h1').first().textContent())?.startsWith(product.category)).toBe(
        true,
      );
      await shared.keyboard.press('Escape');
      await shared.waitForURL(`**/category/${encodeURIComponent(product.category)}`);
      await sharedDialog.waitFor({ state: 'detached' });

      // An unknown product says so, with a way home.
      await shared.goto('/product/00000000-0000-4000-8000-000000000000');
      await shared.getByText('Product not found.').waitFor();
      await shared.getByRole('link', { name: 'Back to home' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`takes a visitor through login back to the product, which adds to the cart with focus kept (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, viewport);
      const buyer = await newBuyer();
      const product = (await homeProducts()).find((p) => p.variants.length === 0) ?? (await homeProducts())[0]!;
      try {
        await page.goto('/');
        await cardLink(page, product.title).click();
        const dialog = page.getByRole('dialog', { name: product.title });
        await dialog.waitFor();
        await dialog.getByRole('button', { name: MESSAGES.addLoginToBuy }).click();
        await page.waitForURL('**/login');
        await page.getByText(MESSAGES.loginToAddToCart).waitFor();
        await page.getByLabel('Email').fill(buyer.email);
        await page.getByLabel('Password').fill(buyer.password);
        await page.getByRole('button', { name: 'Login' }).click();

        // Back on the product, in its modal over the page it was opened from.
        await page.waitForURL(`**/product/${product._id}`);
        await dialog.waitFor();
        const add = dialog.getByRole('button', { name: MESSAGES.addToCart });
        await add.click();
        await dialog.getByText(MESSAGES.itemAdded).waitFor();
        expect(await isFocused(page, MESSAGES.addToCart)).toBe(true);
        expect(await add.getAttribute('aria-disabled')).toBe('true');
        await poll(() => add.getAttribute('aria-disabled')).toBeNull();
        expect(await isFocused(page, MESSAGES.addToCart)).toBe(true);

        // Closing lands on the page behind (the login entry is gone).
        await page.keyboard.press('Escape');
        await page.waitForURL((url) => url.pathname === '/');
        await dialog.waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    });
  }

  it('on a 360 px phone: Add to Cart of a product with sizes is in view, a shared link is a page, pictures swipe', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const product = await productWithSizes();
    const pictures = (await homeProducts())
      .filter((p) => p._id !== product._id)
      .slice(0, 2)
      .flatMap((p) => p.images);
    try {
      // Opened from the home page: a modal; its Add to Cart is on screen without scrolling.
      await page.goto('/');
      await cardLink(page, product.title).click();
      const dialog = page.getByRole('dialog', { name: product.title });
      await dialog.waitFor();
      const add = dialog.getByRole('button', { name: MESSAGES.addLoginToBuy });
      await poll(() => inViewport(add, PHONE)).toBe(true);
      // A reload keeps it open; Back closes it.
      await page.reload();
      await dialog.waitFor();
      await poll(() => inViewport(add, PHONE)).toBe(true);
      await page.goBack();
      await dialog.waitFor({ state: 'detached' });

      // A shared link on a phone: a page of its own, with Back and the breadcrumbs, no sideways scroll.
      // The server's answer carries two more pictures here, to swipe through.
      await page.route(`**/api/products/${product._id}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as ApiProduct;
        await route.fulfill({ response, json: { ...body, images: [...body.images, ...pictures] } });
      });
      await page.goto(`/product/${product._id}`);
      await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
      await page.getByRole('button', { name: /Back/ }).waitFor();
      const pageAdd = page.getByRole('button', { name: MESSAGES.addLoginToBuy });
      await poll(() => inViewport(pageAdd, PHONE)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      const strip = page.getByTestId('product-gallery-swiper');
      await strip.waitFor();
      const bullets = strip.locator('.swiper-pagination-bullet');
      await poll(() => bullets.count()).toBe(3);
      const active = () =>
        bullets.evaluateAll((all) => all.findIndex((b) => b.classList.contains('swiper-pagination-bullet-active')));
      expect(await active()).toBe(0);
      const box = (await strip.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.85, box.y + box.height * 0.4);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.4, { steps: 12 });
      await page.mouse.up();
      await poll(active).toBe(1);
      await bullets.nth(2).click();
      await poll(active).toBe(2);
    } finally {
      await context.close();
    }
  });
});

describe("the product page's first paint (docs/decisions/0016-storefront-weight.md)", () => {
  /** Every layout shift from the first paint on, as Cumulative Layout Shift counts them (none after an input). */
  const recordShifts = (page: Page) =>
    page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });

  /** The sum of the layout shifts seen so far, after two frames (entries are reported after the frame). */
  const layoutShift = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              resolve((window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0)),
            ),
          ),
        ),
    );

  it('has the main picture in the first HTML, sized and fetched first, with the srcset the app shows', async () => {
    const product = (await homeProducts()).find((each) => each.images.length > 0)!;
    const html = await (await fetch(`${baseUrl()}/product/${product._id}`)).text();
    const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
    const picture = /<img [^>]*>/.exec(root)?.[0] ?? '';
    expect(picture).toContain(`src="${product.images[0]!.url}"`);
    expect(picture).toMatch(/ width="600" height="450"/);
    expect(picture).toMatch(/fetchPriority="high"/i);
    expect(picture).toMatch(/ loading="eager"/);
    // The page's own srcset: the picture spans the phone's page frame.
    expect(picture).toContain('sizes="(min-width: 640px) 50vw, calc(100vw - 24px)"');
    const renditions = (product.images[0] as { sizes?: { url: string; width: number }[] }).sizes ?? [];
    expect(renditions.length).toBeGreaterThan(0);
    for (const size of renditions) expect(picture).toContain(`${size.url} ${size.width}w`);
    expect(root).toContain(`>${product.title.replace(/&/g, '&amp;')}</h1>`);
  });

  it('on a 360 px phone: the picture shows before the JavaScript runs, and the app takes over without a shift', async () => {
    const product = await productWithSizes();
    const noScript = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto(`/product/${product._id}`);
      await expect(page.getByRole('heading', { level: 1, name: product.title }).isVisible()).resolves.toBe(true);
      const picture = page.getByRole('img', { name: product.title }).first();
      await poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    } finally {
      await noScript.close();
    }

    const { context, page } = await newPage(browser, PHONE);
    try {
      const errors = watchErrors(page);
      await recordShifts(page);
      await page.goto(`/product/${product._id}`);
      // The app's own page: its Add to Cart works (a visitor is asked to log in), and the picture never left.
      await poll(() => page.getByRole('button', { name: MESSAGES.addLoginToBuy }).isVisible()).toBe(true);
      await page.waitForLoadState('networkidle');
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(300);
      expect(await layoutShift(page)).toBeLessThan(0.02);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
