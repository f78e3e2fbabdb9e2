/**
 * /api/orders (docs/shop-rules.md#orders, #order-status, #invoices): place, read, cancel, the admin's status
 * changes, and the downloads of an order's tax invoice and credit note.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderExportQuerySchema,
  adminOrderListQuerySchema,
  createOrderBodySchema,
  createOrderResponseSchema,
  errorSchema,
  idParamsSchema,
  myOrdersResponseSchema,
  orderListResponseSchema,
  orderResponseSchema,
  TOTAL_COUNT_HEADER,
  updateOrderStatusBodySchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { sendCsv } from '../../lib/csv-stream';
import { BadRequestError } from '../../lib/errors';
import { sendJsonText } from '../../lib/json-reply';
import { listOrdersForAdmin } from './store/admin-list';
import { ORDER_CSV_COLUMNS, orderCsvBatches, orderCsvFileName } from './export';
import { cancelByBuyer, setStatusByAdmin } from './lifecycle';
import { getOrderFor, listMyOrders, ORDER_PLACED_MESSAGE, orderEwayBillFile, orderTaxDocumentPdf } from './service';

/** Which copy of the invoice (CGST Rule 48(1)): the original for the recipient, or the duplicate for the transporter. */
const invoiceCopyQuerySchema = z.object({
  copy: z
    .enum(['recipient', 'transporter'], { error: "copy is 'recipient' or 'transporter'." })
    .default('recipient')
    .describe("'transporter': the duplicate for the transporter, with the e-way bill and vehicle recorded at shipping"),
});

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MESSAGE = 'The Idempotency-Key header must be 1 to 100 printable characters.';

/** The optional Idempotency-Key: 1-100 printable ASCII characters, sent once. */
function idempotencyKeyOf(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x20-\x7e]{1,100}$/.test(value)) {
    throw new BadRequestError(IDEMPOTENCY_KEY_MESSAGE);
  }
  return value;
}

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const security = [{ bearerAuth: [] }];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

  app.post(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Place an order (priced by the server; stock reserved)',
        description:
          'An Idempotency-Key header (1-100 printable characters) makes a retry safe: a second request ' +
          'with the same key and the same body answers the order the first one placed (header Idempotent-Replayed: ' +
          'true); the same key with another body is refused (422, the message names the key). ' +
          'A buyer may hold MAX_OPEN_UNPAID_ORDERS unpaid online orders at once (409 beyond).',
        security,
        body: createOrderBodySchema,
        response: { 201: createOrderResponseSchema, ...errors, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
      const { order, replayed } = await ctx.checkout.placeOrder(request.user.sub, request.body, { idempotencyKey });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ message: ORDER_PLACED_MESSAGE, order });
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first",
        security,
        response: { 200: myOrdersResponseSchema, ...errors },
      },
    },
    async (request) => ({ orders: await listMyOrders(ctx, request.user.sub) }),
  );

  app.get(
    '/',
    {
      onRequest: app.requireArea('orders'),
      schema: {
        tags: ['orders'],
        summary: 'A page of the orders, newest first by default (admin; total also in X-Total-Count)',
        description:
          'page (from 1) and limit (1-100, default 20); filters: status, paymentMode, paymentStatus, from and to ' +
          '(YYYY-MM-DD, India time, both days included, on when the order was placed), and search (the ' +
          "6-character order number or the full id, or part of the buyer's name, e-mail or phone, any case); " +
          'sort: newest, oldest, total_desc, total_asc, buyer_asc, buyer_desc; view=to-ship: the paid orders not ' +
          'cancelled and never shipped, oldest first unless sorted (docs/shop-rules.md#to-ship).',
        security,
        querystring: adminOrderListQuerySchema,
        response: { 200: orderListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The page's JSON as the database wrote it (decision 0011): sent as it is, past the schema.
      const page = await listOrdersForAdmin(ctx, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(page.total));
      return sendJsonText(reply, page.json);
    },
  );

  app.get(
    '/export.csv',
    {
      onRequest: app.requireArea('orders'),
      schema: {
        tags: ['orders'],
        summary: 'The orders of the filters as a CSV file, one row per order line, newest first (admin)',
        description:
          'The filters of GET /api/orders (status, paymentMode, paymentStatus, from, to, search, view). Answers ' +
          'text/csv as an attachment (orders-2026-11-25.csv), streamed as the orders are read: the order, its ' +
          'payment and transaction id, the buyer and delivery address, the line, amounts in rupees, and the GST ' +
          'of its tax invoice where it has one (docs/shop-rules.md#orders-csv).',
        security,
        querystring: adminOrderExportQuerySchema,
        response: {
          200: z.unknown().describe('The CSV file (text/csv)'),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request, reply) =>
      sendCsv(reply, {
        fileName: orderCsvFileName(new Date()),
        columns: ORDER_CSV_COLUMNS,
        batches: orderCsvBatches(ctx.db, request.query),
      }),
  );

  app.get(
    '/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order (its buyer, or the orders area: the owner and orders staff)',
        security,
        params: idParamsSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getOrderFor(ctx, request.user, request.params.id) }),
  );

  // The tax invoice and credit note as PDF files (docs/shop-rules.md#invoices), fetched with the bearer token.
  const documentRoutes = [
    {
      path: '/:id/invoice',
      kind: 'invoice',
      summary: "The order's tax invoice as a PDF (its buyer or the orders area); ?copy=transporter for the duplicate",
      querystring: invoiceCopyQuerySchema,
    },
    {
      path: '/:id/credit-note',
      kind: 'credit-note',
      summary: "The credit note of the order's cancelled invoice as a PDF (its buyer or the orders area)",
      querystring: z.object({}),
    },
  ] as const;
  for (const { path, kind, summary, querystring } of documentRoutes) {
    app.get(
      path,
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['orders'],
          summary,
          description: 'Answers application/pdf as an attachment; 404 before the document is issued.',
          security,
          params: idParamsSchema,
          querystring,
          response: {
            200: z.unknown().describe('The PDF file (application/pdf)'),
            400: errorSchema,
            401: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const copy = 'copy' in request.query ? request.query.copy : 'recipient';
        const { fileName, pdf } = await orderTaxDocumentPdf(ctx, request.user, request.params.id, kind, copy);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }

  app.get(
    '/:id/eway-bill.json',
    {
      onRequest: app.requireArea('orders'),
      schema: {
        tags: ['orders'],
        summary: "Part A of the invoice's e-way bill as the e-way bill portal's bulk generation JSON (admin)",
        description:
          'Format version 1.0.0621 (docs/e-way-bill-format.md), built from the issued invoice, with the vehicle or ' +
          'transporter the order was shipped with; upload it at ewaybillgst.gov.in (Generate Bulk). Answers an ' +
          'attachment (EWB-PK-26-27-000123.json); 404 before the invoice is issued (docs/shop-rules.md#e-way-bills).',
        security,
        params: idParamsSchema,
        response: { 200: z.unknown().describe('The JSON file'), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, file } = await orderEwayBillFile(ctx, request.params.id);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(JSON.stringify(file, null, 2));
    },
  );

  app.patch(
    '/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancel own order while pending or processing and never shipped (stock returned, paid order refunded)',
        security,
        params: idParamsSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => cancelByBuyer(ctx, request.user.sub, request.params.id, request.log),
  );

  app.put(
    '/:id/status',
    {
      onRequest: app.requireArea('orders'),
      schema: {
        tags: ['orders'],
        summary: "Set an order's status once its payment succeeded (admin)",
        description:
          'Moving a shipped or delivered order back to an earlier status needs a reason (400 without): it is ' +
          'recorded in the audit trail, keeps the shipment and never refunds, restocks or issues a credit note.',
        security,
        params: idParamsSchema,
        body: updateOrderStatusBodySchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) =>
      setStatusByAdmin(ctx, request.params.id, request.body.status, request.log, {
        shipment: request.body.shipment,
        reason: request.body.reason,
        actor: { id: request.user.sub },
      }),
  );
};

export default routes;
