/**
 * The `<head>` of the pages the server answers for search engines and chat previews (docs/shop-rules.md#seo):
 * a product's title, meta description, canonical link, Open Graph and Twitter card tags and schema.org
 * `Product` JSON-LD; a category's title, description, canonical link and `CollectionPage` JSON-LD listing its
 * newest products; and the not-found page's `noindex`. Every text is escaped here (lib/markup.ts); the titles
 * and descriptions come from @pumpkart/shared (page-head.ts), which the web app uses too.
 */
import {
  CARD_IMAGE_SIZES,
  categoryPageHead,
  productPageHead,
  SHOP_NAME,
  toRupees,
  type PageHead,
} from '@pumpkart/shared';
import { escapeMarkup, jsonForScript } from '../../lib/markup';
import type { ImageStorage } from '../../storage/image-storage';
import { renditionKey, toImageDto } from '../products';
import { INDENT } from './page-template';
import type { PageImage, PageProduct } from './store';

const SCHEMA_IN_STOCK = 'https://schema.org/InStock';
const SCHEMA_OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/** Addresses of the shop's pages, absolute (shopUrlOf in config.ts). */
export const productUrl = (shopUrl: string, id: string) => `${shopUrl}/product/${encodeURIComponent(id)}`;
export const categoryUrl = (shopUrl: string, name: string) => `${shopUrl}/category/${encodeURIComponent(name)}`;

/** Paise as the plain decimal schema.org and Open Graph read: 185000 -> '1850.00'. */
export function priceText(paise: number): string {
  return `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

interface PictureOf {
  url: string;
  width?: number;
  height?: number;
}

/** An image's largest rendition (what a preview shows best), its address absolute, with its size when known. */
function largestPicture(storage: ImageStorage, shopUrl: string, image: PageImage): PictureOf | undefined {
  const largest = Math.max(...image.renditions);
  if (!Number.isFinite(largest)) return undefined;
  const url = storage.url(renditionKey(image.publicId, largest));
  const picture: PictureOf = { url: /^https?:\/\//i.test(url) ? url : `${shopUrl}${url}` };
  if (image.width && image.height) {
    // width and height are the primary rendition's; every rendition keeps the aspect ratio.
    picture.width = largest;
    picture.height = Math.round((image.height * largest) / image.width);
  }
  return picture;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeMarkup(content)}" />`;

function titleAndDescription(head: PageHead, url: string): string[] {
  return [
    `<title>${escapeMarkup(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeMarkup(url)}" />`,
  ];
}

const jsonLd = (value: unknown) => `<script type="application/ld+json">${jsonForScript(value)}</script>`;

/** The schema.org Product of a product page (https://schema.org/Product, Google's product snippet fields). */
export function productJsonLd(product: PageProduct, url: string, images: string[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.title,
    description: product.description || product.title,
    sku: product.id,
    category: product.category,
    ...(product.brand.trim() ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(images.length ? { image: images } : {}),
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: priceText(product.pricePaise),
      priceCurrency: 'INR',
      availability: product.stock > 0 ? SCHEMA_IN_STOCK : SCHEMA_OUT_OF_STOCK,
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/** A product page's head. */
export function productHead(product: PageProduct, shopUrl: string, storage: ImageStorage): string {
  const url = productUrl(shopUrl, product.id);
  const head = productPageHead({
    title: product.title,
    price: toRupees(product.pricePaise),
    stock: product.stock,
    description: product.description,
  });
  const pictures = product.images
    .map((image) => largestPicture(storage, shopUrl, image))
    .filter((picture): picture is PictureOf => picture !== undefined);
  const picture = pictures[0];
  return [
    ...titleAndDescription(head, url),
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:title', product.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    ...(picture
      ? [
          meta('property', 'og:image', picture.url),
          meta('property', 'og:image:alt', product.title),
          ...(picture.width && picture.height
            ? [
                meta('property', 'og:image:width', String(picture.width)),
                meta('property', 'og:image:height', String(picture.height)),
              ]
            : []),
        ]
      : []),
    meta('property', 'product:price:amount', priceText(product.pricePaise)),
    meta('property', 'product:price:currency', 'INR'),
    meta('name', 'twitter:card', picture ? 'summary_large_image' : 'summary'),
    jsonLd(
      productJsonLd(
        product,
        url,
        pictures.map((each) => each.url),
      ),
    ),
  ].join(INDENT);
}

/**
 * The preload of a product card's picture, as the card's <img> asks for it (the same srcset and CARD_IMAGE_SIZES),
 * so the browser fetches it with the page rather than after the app has asked the API for the list.
 */
function cardPicturePreload(storage: ImageStorage, image: PageImage): string | undefined {
  const picture = toImageDto(storage, image);
  if (!picture.url) return undefined;
  const srcset = (picture.sizes ?? []).map((size) => `${size.url} ${size.width}w`).join(', ');
  return (
    `<link rel="preload" as="image" href="${escapeMarkup(picture.url)}"` +
    (srcset ? ` imagesrcset="${escapeMarkup(srcset)}" imagesizes="${escapeMarkup(CARD_IMAGE_SIZES)}"` : '') +
    ' fetchpriority="high" />'
  );
}

/**
 * A category page's head: `products` are its newest, as the page lists them first; the first one's picture, the
 * page's largest on a phone, is preloaded (docs/decisions/0016-storefront-weight.md).
 */
export function categoryHead(
  category: string,
  products: { id: string; title: string; image: PageImage | null }[],
  shopUrl: string,
  storage: ImageStorage,
): string {
  const url = categoryUrl(shopUrl, category);
  const head = categoryPageHead(category);
  const first = products[0]?.image;
  const preload = first ? cardPicturePreload(storage, first) : undefined;
  return [
    ...titleAndDescription(head, url),
    ...(preload ? [preload] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:title', category),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', 'summary'),
    jsonLd({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: category,
      description: head.description,
      url,
      mainEntity: {
        '@type': 'ItemList',
        itemListElement: products.map((product, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: productUrl(shopUrl, product.id),
          name: product.title,
        })),
      },
    }),
  ].join(INDENT);
}

/** The head of a page that does not exist: the shop's own title and description, kept out of every index. */
export const notFoundHead = (defaultHead: string) => `${defaultHead}${INDENT}<meta name="robots" content="noindex" />`;
