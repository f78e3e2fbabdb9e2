/**
 * Response compression: API answers of 1 KB or more are sent brotli- or gzip-compressed when the
 * client accepts it (a 27 KB home view becomes ~4 KB on a phone's connection). Brotli runs at
 * quality 4, which compresses nearly as well as gzip -9 for a fraction of the CPU. The built web
 * app's files are compressed once at build time instead (plugins/static-files.ts, preCompressed),
 * and answers that already carry a content-encoding are left alone.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { constants } from 'node:zlib';

export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
