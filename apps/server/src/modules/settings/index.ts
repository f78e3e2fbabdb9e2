/**
 * The store's business details (docs/shop-rules.md#store-settings). Others use: the routes (app.ts), the
 * settings as stored (invoices, later), and the demo's first-start values (the seed).
 */
export { default as settingsRoutes } from './routes';
export { ensureStoreSettings, findStoreSettings, getStoreSettings } from './service';
export { selectStoreSettingsWith } from './store';
export { toStoreSettingsDto } from './dto';
