/**
 * The products CSV calls (docs/shop-rules.md#products-csv, #permissions): the export of the admin list's filtered
 * view, and the import's dry run and apply, which take the file as a text/csv body, read as it arrives. Routes
 * parse and authorise; csv-export.ts, csv-read.ts, csv-import.ts and csv-judge-product.ts (judging), csv-apply.ts and
 * csv-report.ts do the work.
 */
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductListQuerySchema,
  errorSchema,
  importDryRunResponseSchema,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_MAX_ROWS,
  type ImportLine,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { sendCsv } from '../../lib/csv-stream';
import { BadRequestError } from '../../lib/errors';
import { documentedBody } from '../../plugins/docs';
import { productCsvBatches, productCsvFileName } from './csv-export';
import { applyImport } from './csv-apply';
import { judgeImport } from './csv-import';
import { rowReports, summaryOf } from './csv-report';
import { IMPORT_MESSAGES, readProductCsv } from './csv-read';

const admin = { tags: ['products'], security: [{ bearerAuth: [] }] };
const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const exportQuerySchema = adminProductListQuerySchema.omit({ page: true, limit: true });
const csvBody = { 'text/csv': z.string().meta({ description: "The file, in the export's columns." }) };
const IMPORT_DESCRIPTION =
  'docs/shop-rules.md#products-csv: the file as a text/csv body (UTF-8 or UTF-16 with a byte-order mark, UTF-8, ' +
  `else Windows-1252; the answer's encoding says which was read), at most ${PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024} MB ` +
  `and ${PRODUCT_IMPORT_MAX_ROWS} rows, with the export's columns. A row with an id updates that product, one ` +
  'without creates one; a product is all its consecutive rows (one per size). 400 for a file that is not a CSV, ' +
  'is malformed, empty, too large, or has a wrong header.';

/** The uploaded file: the request body itself (a multipart form is refused: the file is sent as it is). */
function uploadOf(request: FastifyRequest): unknown {
  if (request.isMultipart()) throw new BadRequestError(IMPORT_MESSAGES.notText);
  return request.body;
}

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  // The body is handed over as the request stream: csv-parse reads it as it arrives (csv-read.ts limits it).
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  app.get(
    '/export.csv',
    {
      onRequest: app.requireArea('catalog'),
      schema: {
        ...admin,
        summary: "The admin list's filtered view as a CSV file: every matching product, one row per size",
        description:
          'docs/shop-rules.md#products-csv: the filters and sort of GET /api/products/admin/all (search, category, ' +
          'brand, active, stock, sort), all matching products (not paged), streamed as they are read.',
        querystring: exportQuerySchema,
        response: { 200: z.unknown().describe('The CSV file (text/csv)'), ...adminErrors },
      },
    },
    (request, reply) =>
      sendCsv(reply, {
        fileName: productCsvFileName(),
        columns: PRODUCT_CSV_COLUMNS,
        batches: productCsvBatches(ctx, request.query),
      }),
  );

  app.post(
    '/import/dry-run',
    {
      onRequest: app.requireArea('catalog'),
      config: { swaggerTransform: documentedBody(csvBody) },
      schema: {
        ...admin,
        summary: 'What an import would do, row by row: create, update, unchanged or refused (and why); writes nothing',
        description: IMPORT_DESCRIPTION,
        consumes: ['text/csv'],
        response: { 200: importDryRunResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { encoding, lines } = await readProductCsv(uploadOf(request));
      const plans = await judgeImport(ctx, lines);
      return { encoding, summary: summaryOf(plans), ...rowReports(plans) };
    },
  );

  app.post(
    '/import/apply',
    {
      onRequest: app.requireArea('catalog'),
      // Uncompressed, so that each progress line reaches the browser when it is written.
      compress: false,
      config: { swaggerTransform: documentedBody(csvBody) },
      schema: {
        ...admin,
        summary: 'Import a products CSV: judged again, then written; the answer streams progress as NDJSON',
        description:
          `${IMPORT_DESCRIPTION} The answer (application/x-ndjson) is one JSON object a line: ` +
          '{"type":"progress","done":n,"total":m} after every batch of products, then ' +
          '{"type":"done","encoding":"utf-8","summary":{...},"rows":[...],"truncated":false}, the summary and reports as the dry ' +
          "run's, counting what was written. Each product is written whole or not at all.",
        consumes: ['text/csv'],
        response: { 200: z.unknown().describe('Progress and result lines (application/x-ndjson)'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { encoding, lines } = await readProductCsv(uploadOf(request));
      const plans = await judgeImport(ctx, lines);
      const total = plans.reduce((sum, plan) => sum + plan.lines.length, 0);
      const answer = new PassThrough();
      const send = (line: ImportLine) => answer.write(`${JSON.stringify(line)}\n`);
      send({ type: 'progress', done: 0, total });
      void applyImport(ctx, plans, { id: request.user.sub }, (done) => send({ type: 'progress', done, total }))
        .then(() => send({ type: 'done', encoding, summary: summaryOf(plans), ...rowReports(plans) }))
        .catch((error: unknown) => request.log.error({ err: error }, 'products import failed'))
        .finally(() => answer.end());
      return reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(answer);
    },
  );
};

export default routes;
