/**
 * The products a page came with: a product page's product, which shell/page-data.ts puts into the cache before the
 * app's first render. They are as current as the page, so the product view does not ask for them again when it mounts
 * (features/product/use-product.ts), as a category's first page is not (components/product-listing.tsx).
 */
const fromPage = new Set<string>();

export const markProductFromPage = (id: string) => void fromPage.add(id);

export const productCameWithPage = (id: string) => fromPage.has(id);
