/**
 * /api/admin/einvoices (docs/shop-rules.md#e-invoicing, #permissions): the owner's list of the B2B documents
 * reported to the Invoice Registration Portal, a retry of one waiting for its IRN, and the cancellation of an IRN
 * within 24 hours. Routes parse and authorise; einvoice-cancel.ts and einvoice-reporter.ts do the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  einvoicingApplies,
  einvoiceListQuerySchema,
  einvoiceListSchema,
  einvoiceSchema,
  errorSchema,
  irnCancelInputSchema,
  type EinvoiceDto,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { DomainError, NotFoundError } from '../../lib/errors';
import { findStoreSettings } from '../settings';
import { cancelIrn, CANCEL_WINDOW_MS, EINVOICE_MESSAGES } from './einvoice-cancel';
import { findEinvoice, listEinvoices, makeDueNow, type EinvoiceRow } from './store/einvoice';

const LIST_LIMIT = 200;
const idParams = z.object({ id: z.uuid({ error: EINVOICE_MESSAGES.notFound }) });

function toDto(row: EinvoiceRow, now = new Date()): EinvoiceDto {
  const until = row.ackDate ? new Date(row.ackDate.getTime() + CANCEL_WINDOW_MS) : null;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    orderId: row.orderId,
    issuedAt: row.issuedAt.toISOString(),
    buyerGstin: row.buyerGstin,
    buyerName: row.buyerName,
    totalPaise: row.totalPaise,
    status: row.status!,
    irn: row.irn,
    ackNo: row.ackNo,
    ackDate: row.ackDate?.toISOString() ?? null,
    cancellableUntil: row.status === 'registered' && until && until > now ? until.toISOString() : null,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    error: row.error,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
  };
}

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const common = { tags: ['invoices'], security: [{ bearerAuth: [] }] };
  app.get(
    '/einvoices',
    {
      onRequest: app.requireArea('owner'),
      schema: {
        ...common,
        summary: 'The B2B documents reported to the e-invoice portal, newest first (200 at most)',
        querystring: einvoiceListQuerySchema,
        response: { 200: einvoiceListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const rows = await listEinvoices(ctx.db, request.query.status, LIST_LIMIT);
      const settings = await findStoreSettings(ctx);
      const now = new Date();
      return {
        provider: ctx.einvoice.irp.name,
        enabled: settings ? einvoicingApplies(settings) : false,
        items: rows.map((row) => toDto(row, now)),
      };
    },
  );

  app.post(
    '/einvoices/:id/retry',
    {
      onRequest: app.requireArea('owner'),
      schema: {
        ...common,
        summary: 'Sends a document waiting for its IRN to the portal now',
        params: idParams,
        response: {
          200: einvoiceSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findEinvoice(ctx.db, id))?.status) throw new NotFoundError(EINVOICE_MESSAGES.notFound);
      if (!(await makeDueNow(ctx.db, id, new Date()))) throw new DomainError(409, EINVOICE_MESSAGES.notPending);
      await ctx.einvoice.runNow();
      return toDto((await findEinvoice(ctx.db, id))!);
    },
  );

  app.post(
    '/einvoices/:id/cancel',
    {
      onRequest: app.requireArea('owner'),
      schema: {
        ...common,
        summary: "Cancels a document's IRN at the portal (within 24 hours of its acknowledgement)",
        params: idParams,
        body: irnCancelInputSchema,
        response: {
          200: einvoiceSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => toDto(await cancelIrn(ctx.db, ctx.einvoice.irp, request.params.id, request.body)),
  );
};

export default routes;
