/**
 * /api/settings (docs/shop-rules.md#store-settings, #permissions): the store's business details, read by anyone
 * (the footer, the contact page and the invoices show them) and saved by an admin. Routes parse and authorise;
 * service.ts decides.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, storeSettingsInputSchema, storeSettingsSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { getStoreSettings, updateStoreSettings } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/store',
    {
      schema: {
        tags: ['settings'],
        summary: "The store's business details: names, GSTIN, PAN, registered address, contacts, invoice prefix",
        description: '404 until they are entered (a shop started without the demo data).',
        response: { 200: storeSettingsSchema, 404: errorSchema },
      },
    },
    () => getStoreSettings(ctx),
  );

  app.put(
    '/store',
    {
      // The token is checked before the body is parsed, as on every admin call.
      onRequest: app.requireArea('owner'),
      schema: {
        tags: ['settings'],
        security: [{ bearerAuth: [] }],
        summary: "Save the store's business details (all of them, every problem named in the 400)",
        body: storeSettingsInputSchema,
        response: { 200: storeSettingsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    (request) => updateStoreSettings(ctx, request.body, { id: request.user.sub }),
  );
};

export default routes;
