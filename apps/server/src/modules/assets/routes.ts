/**
 * The outlet register under /api/business (docs/shop-rules.md#assets): an outlet's register, equipment bought
 * elsewhere, an asset's edit, move and retirement, and the records of tasks done. Any person of the business reads;
 * a viewer may not write (403); a person in no business gets 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSET_MESSAGES,
  assetBodySchema,
  assetResponseSchema,
  calendarFeedSchema,
  errorSchema,
  idParamsSchema,
  moveAssetBodySchema,
  outletRegisterSchema,
  retireAssetBodySchema,
  taskRecordBodySchema,
  taskRecordResponseSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { contentDisposition, readAttachmentOnly, readRecordForm, recordBodyOf } from './attachments';
import { calendarFeed, resetCalendarFeed } from './calendar';
import { attachToRecord, recordAttachment } from './records';
import { outletRegisterPdf } from './register-pdf';
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

  const multipart = { ...errors, 413: errorSchema };
  app.post(
    '/assets/:id/records/upload',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: 'Record a task done with its note or certificate attached (multipart; not a viewer)',
        description:
          'multipart/form-data: the fields taskKey, doneOn and note as the JSON call takes them, and at most one ' +
          'file in `attachment`: a PDF, JPEG, PNG or WebP (told by its first bytes) of at most 5 MB.',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: taskRecordResponseSchema, ...multipart },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readRecordForm(request);
      const record = await recordTaskDone(ctx, request.user.sub, request.params.id, recordBodyOf(fields), file);
      return reply.code(201).send({ message: ASSET_MESSAGES.recorded, record });
    },
  );

  app.put(
    '/records/:id/attachment',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: 'Attach a note or certificate to a task record, replacing its attachment (multipart; not a viewer)',
        description: 'multipart/form-data with one file in `attachment`: a PDF, JPEG, PNG or WebP of at most 5 MB.',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: taskRecordResponseSchema, ...multipart },
      },
    },
    async (request) => {
      const file = await readAttachmentOnly(request);
      return {
        message: ASSET_MESSAGES.attachmentAdded,
        record: await attachToRecord(ctx, request.user.sub, request.params.id, file),
      };
    },
  );

  app.get(
    '/records/:id/attachment',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: "A task record's attachment (any person of the business; another business's record 404)",
        params: idParamsSchema,
        response: {
          200: z.unknown().describe('The file (PDF, JPEG, PNG or WebP)'),
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await recordAttachment(ctx, request.user.sub, request.params.id);
      return reply
        .type(file.type)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );

  app.get(
    '/outlets/:id/register.pdf',
    {
      onRequest: user,
      schema: {
        ...common,
        summary: "An outlet's register as a printable PDF for an inspector (any person of the business)",
        params: idParamsSchema,
        response: { 200: z.unknown().describe('The PDF file (application/pdf)'), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await outletRegisterPdf(ctx, request.user.sub, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  const calendar = { ...common, params: idParamsSchema, response: { 200: calendarFeedSchema, ...errors } };
  app.post(
    '/outlets/:id/calendar',
    {
      onRequest: user,
      schema: {
        ...calendar,
        summary:
          "The outlet's calendar feed URL (.ics with a secret), made on the first request (any person of the business)",
      },
    },
    async (request) => calendarFeed(ctx, request.user.sub, request.params.id),
  );

  app.post(
    '/outlets/:id/calendar/reset',
    {
      onRequest: user,
      schema: {
        ...calendar,
        summary: "Replace the outlet's calendar feed secret: the old URL stops working (not a viewer)",
      },
    },
    async (request) => resetCalendarFeed(ctx, request.user.sub, request.params.id),
  );
};

export default routes;
