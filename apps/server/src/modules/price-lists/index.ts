/**
 * Business prices (docs/shop-rules.md#business-prices): the owner's price lists under /api/admin/price-lists, and
 * the buyer's prices every catalog read, cart and order applies. The rule itself is buyerUnitPrice in @pumpkart/shared.
 */
export { default as priceListRoutes } from './routes';
export { buyerRulesFor, listRulesFor, repriceCatalogPayload, requestPriceListId } from './buyer-prices';
export { loadPriceListRules } from './store';
