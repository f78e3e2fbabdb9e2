/**
 * GET /api/admin/gst-report (docs/shop-rules.md#gst-report, #permissions): an admin's GST report of a month, as
 * JSON totals or, with format=csv and a table, one GSTR-1 table as a CSV file written row by row as the
 * documents are read. Routes parse and authorise; report.ts and gstr1.ts compute.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, gstr1FileName, gstReportQuerySchema, gstReportSchema } from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { GSTR1, gstr1Csv } from './gstr1';
import { gstReport, monthRange } from './report';
import { documentsIssuedIn } from './store/documents';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/gst-report',
    {
      // The token is checked before the query is parsed, as on every admin call.
      onRequest: app.requireArea('owner'),
      schema: {
        tags: ['invoices'],
        security: [{ bearerAuth: [] }],
        summary: 'The GST report of a month: totals per rate, net of credit notes, B2B and B2C; or a GSTR-1 CSV',
        description:
          'month=YYYY-MM (by the date of issue in India). With format=csv and table=b2b, b2cl, b2cs, cdnr, cdnur, ' +
          'hsn-b2b, hsn-b2c, hsn or docs it answers text/csv as an attachment (GSTR1-b2b-2026-11.csv) with the ' +
          "column headings of the GSTN's offline tool.",
        querystring: gstReportQuerySchema,
        response: { 200: gstReportSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const { month, format, table } = request.query;
      if (format === 'json' || !table) return gstReport(ctx.db, month);
      const documents = documentsIssuedIn(ctx.db, monthRange(month), GSTR1[table].kinds);
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
