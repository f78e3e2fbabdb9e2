// @vitest-environment node
/**
 * The page shells are rendered where the build runs them, without a document: the home page's first screen (the
 * navbar as a signed-out visitor sees it, the heading, the first banner as the app shows it, the section skeletons)
 * and a category page's (breadcrumbs, heading, Sort by, the card skeletons), with its name as a placeholder.
 */
import { MESSAGES } from '@pumpkart/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BANNERS } from '../features/home/banners';
import { CATEGORY_PLACEHOLDER, renderPageShells, type PageShells } from './page-shells';

// Nothing is stored at build time (and test/setup.ts clears the store after each test).
vi.stubGlobal('localStorage', { getItem: () => null, setItem() {}, removeItem() {}, clear() {} });

let shells: PageShells;
beforeAll(async () => {
  shells = await renderPageShells();
});

const count = (html: string, part: string) => html.split(part).length - 1;

describe('the page shells', () => {
  it('give the navbar of a signed-out visitor: logo, search box, Categories, Cart and Login', () => {
    for (const html of [shells.home, shells.category]) {
      expect(html).toContain('aria-label="PumpKart home"');
      expect(html).toContain('id="navbar-search"');
      expect(html).toContain('placeholder="Search products..."');
      expect(html).toMatch(/>Categories<svg/);
      expect(html).toMatch(/href="\/cart"[^>]*>Cart<\/a>/);
      expect(html).toMatch(/href="\/login"[^>]*>Login<\/a>/);
      expect(html).toContain('<footer');
    }
  });

  it("give the home page's heading, its first banner with high priority, and its section skeletons", () => {
    const { home } = shells;
    expect(home).toContain('One Stop Solution For Your Petrol Pump</h1>');
    expect(home).toMatch(new RegExp(`<img src="${BANNERS[0]!.narrow}"[^>]*fetchPriority="high"`));
    expect(home).toContain(`srcSet="${BANNERS[0]!.wide}"`);
    expect(home).toContain('Shop by category</h2>');
    expect(count(home, 'data-testid="category-section-skeleton"')).toBe(2);
    expect(home).not.toContain(CATEGORY_PLACEHOLDER);
  });

  it("give a category page's breadcrumbs, heading and card skeletons with its name as the placeholder", () => {
    const { category } = shells;
    expect(category).toContain(
      `<h1 class="min-w-0 break-words text-2xl font-bold text-slate-900">${CATEGORY_PLACEHOLDER}</h1>`,
    );
    expect(category).toContain(
      `aria-current="page" class="min-w-0 break-words font-medium text-slate-900">${CATEGORY_PLACEHOLDER}<`,
    );
    expect(category).toContain(`Products in ${CATEGORY_PLACEHOLDER}</h2>`);
    expect(category).toContain('Sort by</label>');
    expect(category).toContain(MESSAGES.loadingProducts);
    expect(count(category, 'data-testid="product-card-skeleton"')).toBe(8);
    // Not the loading state of a page whose code is still on its way.
    expect(category).not.toContain('Loading...</p>');
    expect(category).not.toContain(encodeURIComponent(CATEGORY_PLACEHOLDER));
  });
});
