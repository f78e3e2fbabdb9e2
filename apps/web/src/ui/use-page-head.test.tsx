/**
 * Pages for search engines (docs/shop-rules.md#seo), the web app's side: index.html's own title and description
 * are the shop's (the server keeps them for every page without a head of its own); usePageHead shows a page's
 * head while it is mounted, a product modal's over its background page's, and hands back the one below; and the
 * paths robots.txt and the sitemap name (@pumpkart/shared) match the app's routes: every buyer page, login step
 * and the back office kept out, every page the sitemap lists a public route.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CRAWLER_DISALLOWED_PATHS, SHOP_DESCRIPTION, SHOP_TITLE, SITEMAP_PAGE_PATHS } from '@pumpkart/shared';
import html from '../../index.html?raw';
import { storefrontRoutes } from '../App';
import { paths } from '../config/paths';
import { RequireAuth } from '../shop/layout/guards';
import { usePageHead } from './use-page-head';

const descriptionMeta = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

function Head({ title, description }: { title: string; description: string }) {
  usePageHead({ title, description });
  return null;
}

describe('index.html', () => {
  it("has the shop's own title and description", () => {
    const head = new DOMParser().parseFromString(html, 'text/html').head;
    expect(head.querySelector('title')?.textContent).toBe(SHOP_TITLE);
    expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(SHOP_DESCRIPTION);
  });
});

describe('usePageHead', () => {
  it("shows the top page's head and hands back the one below when it goes", () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
    try {
      const category = render(<Head title="Nozzles | PumpKart" description="Buy Nozzles" />);
      expect(document.title).toBe('Nozzles | PumpKart');
      expect(descriptionMeta()).toBe('Buy Nozzles');

      const product = render(<Head title="Brass Nozzle | PumpKart" description="₹1,850/- · In Stock" />);
      expect(document.title).toBe('Brass Nozzle | PumpKart');
      expect(descriptionMeta()).toBe('₹1,850/- · In Stock');

      product.unmount();
      expect(document.title).toBe('Nozzles | PumpKart');
      expect(descriptionMeta()).toBe('Buy Nozzles');

      category.unmount();
      expect(document.title).toBe(SHOP_TITLE);
      expect(descriptionMeta()).toBe(SHOP_DESCRIPTION);
    } finally {
      meta.remove();
    }
  });
});

const disallowed = (path: string) => CRAWLER_DISALLOWED_PATHS.some((prefix) => path.startsWith(prefix));

describe("robots.txt's and the sitemap's paths", () => {
  it('keep crawlers out of every page behind a login, every login step and the back office', () => {
    const buyerPages = storefrontRoutes
      .filter((route) => (route.element as React.ReactElement | undefined)?.type === RequireAuth)
      .map((route) => route.path!);
    expect(buyerPages).toEqual(expect.arrayContaining([paths.cart, paths.orders, paths.profile]));
    const private_ = [
      ...buyerPages,
      paths.login,
      paths.signup,
      paths.forgotPassword,
      paths.resetPassword,
      ...Object.values(paths.admin),
    ];
    for (const path of private_) expect(disallowed(path), path).toBe(true);
  });

  it('let crawlers into the products, the categories and every page the sitemap lists, each a route', () => {
    const routePaths = storefrontRoutes.map((route) => route.path);
    for (const path of SITEMAP_PAGE_PATHS) {
      expect(routePaths, path).toContain(path);
      expect(disallowed(path), path).toBe(false);
    }
    for (const path of [paths.product, paths.category]) expect(disallowed(path), path).toBe(false);
  });
});
