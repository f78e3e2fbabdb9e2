/**
 * What a page says about itself to search engines and chat previews (docs/shop-rules.md#seo): the title and
 * meta description of the product and category pages, written here once so that the server's HTML answer
 * (apps/server/src/modules/seo) and the web app's in-app navigation (apps/web/src/ui/use-page-head.ts)
 * say the same; the shop's own title and description for every other page (apps/web/index.html holds the same
 * two texts); and the paths crawlers are kept out of and the public pages the sitemap lists besides products
 * and categories.
 */
import { formatPrice } from './money';
import { availabilityOf } from './product';

export const SHOP_NAME = 'PumpKart';
/** The title of every page that has none of its own (apps/web/index.html's `<title>`). */
export const SHOP_TITLE = SHOP_NAME;
/** The meta description of every page that has none of its own (apps/web/index.html). */
export const SHOP_DESCRIPTION = 'PumpKart: petrol pump equipment and pet supplies, delivered across India.';
/** Search engines show about this many characters of a description; a longer one is cut with '…'. */
export const META_DESCRIPTION_LENGTH = 160;

/** A page's title and meta description. */
export interface PageHead {
  title: string;
  description: string;
}

/** The text on one line, runs of white space as one space, cut to `length` characters ending in '…'. */
export function oneLineText(text: string, length: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1).trimEnd()}…` : line;
}

/**
 * A product page: `{title} | PumpKart`, and its price (docs/decisions/0008-one-price-format.md), availability and
 * description: `₹1,850/- · In Stock · Brass nozzle with auto shut-off…`.
 */
export function productPageHead(product: {
  title: string;
  price: number;
  stock: number;
  description: string;
}): PageHead {
  const facts = [formatPrice(product.price), availabilityOf(product.stock), product.description.trim()].filter(Boolean);
  return {
    title: `${product.title} | ${SHOP_NAME}`,
    description: oneLineText(facts.join(' · '), META_DESCRIPTION_LENGTH),
  };
}

/** A category page: `{category} | PumpKart` and one sentence naming it. */
export function categoryPageHead(category: string): PageHead {
  return {
    title: `${category} | ${SHOP_NAME}`,
    description: oneLineText(
      `Buy ${category} online at ${SHOP_NAME}: petrol pump equipment and pet supplies, delivered across India.`,
      META_DESCRIPTION_LENGTH,
    ),
  };
}

/**
 * Where crawlers are not let in (robots.txt): the back office and every page that is a buyer's own or a step of
 * logging in. Each is a path prefix, so `/order` covers the list of orders and each order's page.
 */
export const CRAWLER_DISALLOWED_PATHS = [
  '/admin',
  '/cart',
  '/payment',
  '/order',
  '/profile',
  '/favorites',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/quick-order',
  '/quotes',
  '/business',
] as const;

/** The public pages the sitemap lists besides the categories and the products. */
export const SITEMAP_PAGE_PATHS = ['/', '/about', '/contact', '/policy', '/terms'] as const;
