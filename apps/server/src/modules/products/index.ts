/**
 * Products and the catalog (docs/shop-rules.md#catalog, #images). Others use: the routes (app.ts),
 * the images of products as the API shows them (cart and order lines; the orders' statement reads them as JSON),
 * the image pipeline and product values (the seed), and for the pages search engines read (modules/seo) the
 * newest-first order, the active categories, the catalog cache's ETag test and a page of the catalog as the API
 * answers it (a category page's first cards) and one product as the API answers it (a product page's first screen). Depends on no other module.
 */
export { default as productRoutes } from './routes';
export {
  imagesByProduct,
  imagesFromJson,
  imagesOfProductsJson,
  loadProductImages,
  productImagesJson,
  type ProductImageJson,
  type ProductImageOfJson,
} from './store/product-images';
export { PRIMARY_WIDTH, processImages, removeStoredImages, renditionKey, toImageDto, type ImageUpload } from './images';
export { getProduct, listProducts } from './service';
export { productValues } from './edits';
export { distinctActiveValues, NEWEST_FIRST } from './store/catalog';
export { etagMatches } from './cached-reply';
