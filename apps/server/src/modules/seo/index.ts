/**
 * Pages for search engines and chat previews (docs/shop-rules.md#seo): the product and category pages' heads,
 * the sitemap and robots.txt. Others use: the routes and the template (app.ts). Reads products through the
 * products module's queries.
 */
export { default as seoRoutes } from './routes';
export { loadPageTemplate } from './page-template';
