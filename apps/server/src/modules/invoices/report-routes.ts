/**
 * GET /api/admin/gst-report (docs/shop-rules.md#gst-report, #permissions): an admin's GST report of a month and one
 * seller GSTIN, as JSON totals; with format=csv and a table, one GSTR-1 table as a CSV file written row by row as
 * the documents are read; with format=gstr1-json, the whole return as the portal's JSON file. Routes parse and
 * authorise; report.ts and gstr1/ compute.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  gstr1FileName,
  gstr1JsonFileName,
  gstReportQuerySchema,
  gstReportSchema,
  SERVER_MESSAGES,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { BadRequestError } from '../../lib/errors';
import { findStoreSettings } from '../settings';
import { GSTR1, gstr1Csv } from './gstr1';
import { gstr1Json } from './gstr1/json';
import { gstReport, monthRange, noDocuments } from './report';
import { documentsIssuedIn, sellerGstinsIn } from './store/documents';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/gst-report',
    {
      // The token is checked before the query is parsed, as on every admin call.
      onRequest: app.requireArea('owner'),
      schema: {
        tags: ['invoices'],
        security: [{ bearerAuth: [] }],
        summary:
          'The GST report of a month and seller GSTIN: totals per rate, net of credit notes, B2B and B2C; a GSTR-1 ' +
          "CSV; or the GSTR-1 in the portal's JSON format",
        description:
          'month=YYYY-MM (by the date of issue in India); gstin: the seller GSTIN whose documents are reported, the ' +
          "store's current GSTIN when left out (the answer lists the GSTINs with documents in the month). With " +
          'format=csv and table=b2b, b2cl, b2cs, cdnr, cdnur, hsn-b2b, hsn-b2c, hsn or docs it answers text/csv as ' +
          "an attachment (GSTR1-b2b-2026-11.csv) with the column headings of the GSTN's offline tool; with " +
          "format=gstr1-json, application/json as an attachment (GSTR1-27AAHCP4821K1Z6-2026-11.json) in the portal's " +
          'GSTR-1 format.',
        querystring: gstReportQuerySchema,
        response: { 200: gstReportSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const { month, format, table } = request.query;
      const range = monthRange(month);
      const gstins = await sellerGstinsIn(ctx.db, range);
      const gstin = request.query.gstin ?? (await findStoreSettings(ctx))?.gstin ?? gstins[0] ?? null;
      if (format === 'gstr1-json') {
        if (!gstin) throw new BadRequestError(SERVER_MESSAGES.gstReportNoGstin);
        const file = await gstr1Json(gstin, month, (kinds) => documentsIssuedIn(ctx.db, range, gstin, kinds));
        return (
          reply
            .type('application/json; charset=utf-8')
            .header('content-disposition', `attachment; filename="${gstr1JsonFileName(gstin, month)}"`)
            .header('cache-control', 'private, no-store')
            // The file is the portal's shape, not the totals the 200 schema describes.
            .send(JSON.stringify(file) as never)
        );
      }
      if (format === 'json' || !table) return gstReport(ctx.db, month, gstin, gstins);
      const documents = gstin ? documentsIssuedIn(ctx.db, range, gstin, GSTR1[table].kinds) : noDocuments();
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${gstr1FileName(table, month)}"`)
          .header('cache-control', 'private, no-store')
          // A stream is sent as it is (the 200 schema describes the JSON answer only).
          .send(Readable.from(gstr1Csv(table, documents)) as never)
      );
    },
  );
};

export default routes;
