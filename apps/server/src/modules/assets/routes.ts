/**
 * The outlet register under /api/business (docs/shop-rules.md#assets): an outlet's register, equipment bought
 * elsewhere, an asset's edit, move and retirement, and the records of tasks done. Any person of the business reads;
 * a viewer may not write (403); a person in no business gets 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ASSET_MESSAGES,
  assetBodySchema,
  assetResponseSchema,
  errorSchema,
  idParamsSchema,
  moveAssetBodySchema,
  outletRegisterSchema,
  retireAssetBodySchema,
  taskRecordBodySchema,
  taskRecordResponseSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { editAsset, moveAsset, outletRegister, recordTaskDone, registerAsset, retireAsset } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const common = { tags: ['business'], security: [{ bearerAuth: [] }] };
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
  const user = app.requireUser;
  const changed = { ...common, params: idParamsSchema, response: { 200: assetResponseSchema, ...errors } };

  app.get(
    '/outlets/:id/register',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: "An outlet's equipment register with each task's next due day (any person of the business)",
        description:
          'The live assets of the outlet (retired ones left out), each with its compliance tasks: the last day each ' +
          'was done, its next due day and its state (overdue, due-this-month, due-next-month, later) seen on today ' +
          "in India; and the outlet's PESO licence renewal, due the last day of its validity (null when not entered).",
        params: idParamsSchema,
        response: { 200: outletRegisterSchema, ...errors },
      },
    },
    async (request) => outletRegister(ctx, request.user.sub, request.params.id),
  );

  app.post(
    '/outlets/:id/assets',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: 'Register equipment bought elsewhere at an outlet (not a viewer)',
        params: idParamsSchema,
        body: assetBodySchema,
        response: { 201: assetResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: ASSET_MESSAGES.added,
        asset: await registerAsset(ctx, request.user.sub, request.params.id, request.body),
      }),
  );

  app.patch(
    '/assets/:id',
    {
      onRequest: user,
      schema: {
        ...changed,
        summary: 'Edit an asset: make, model, serial number, category, type and dates (not a viewer; 409 once retired)',
        body: assetBodySchema,
      },
    },
    async (request) => ({
      message: ASSET_MESSAGES.saved,
      asset: await editAsset(ctx, request.user.sub, request.params.id, request.body),
    }),
  );

  app.post(
    '/assets/:id/move',
    {
      onRequest: user,
      schema: {
        ...changed,
        summary: "Move an asset to another outlet of the same business (not a viewer; another business's outlet 404)",
        body: moveAssetBodySchema,
      },
    },
    async (request) => ({
      message: ASSET_MESSAGES.moved,
      asset: await moveAsset(ctx, request.user.sub, request.params.id, request.body.outletId),
    }),
  );

  app.post(
    '/assets/:id/retire',
    {
      onRequest: user,
      schema: {
        ...changed,
        summary: 'Retire an asset on a day: it leaves the register, its row and records are kept (not a viewer)',
        body: retireAssetBodySchema,
      },
    },
    async (request) => ({
      message: ASSET_MESSAGES.retiredDone,
      asset: await retireAsset(ctx, request.user.sub, request.params.id, request.body.retiredOn),
    }),
  );

  app.post(
    '/assets/:id/records',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: 'Record a compliance task done for an asset: its next due day counts from that day (not a viewer)',
        params: idParamsSchema,
        body: taskRecordBodySchema,
        response: { 201: taskRecordResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: ASSET_MESSAGES.recorded,
        record: await recordTaskDone(ctx, request.user.sub, request.params.id, request.body),
      }),
  );
};

export default routes;
