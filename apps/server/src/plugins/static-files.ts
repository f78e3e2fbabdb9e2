/**
 * Static files (docs/architecture.md#the-process): product images under /uploads/ and the built web
 * app for every other path, with the history-API fallback to index.html for GET/HEAD of
 * extension-less paths outside /api/ (a missing /assets/x.js must stay a 404, not index.html): 200 for the app's
 * pages, 404 (with `noindex`) for an address that is none of them (isAppPath, the app's own route table), where
 * the app shows its "Page not found".
 * Anything else unknown answers JSON `{ message }` with 404. Nothing under a dot folder of the build is served (its
 * `.server` holds the page shells' renderer for the server, modules/seo/page-template.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAppPath } from '@pumpkart/shared';
import { IMMUTABLE_CACHE_CONTROL as ONE_YEAR } from '../storage/image-storage';

export default fp(
  async function staticFiles(app: FastifyInstance, options: { uploadsDir: string; webDist: string }) {
    mkdirSync(options.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      setHeaders: (res) => {
        res.header('cache-control', ONE_YEAR);
      },
    });

    const indexHtml = options.webDist ? path.join(options.webDist, 'index.html') : '';
    const hasWebApp = Boolean(indexHtml) && existsSync(indexHtml);
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.webDist,
        prefix: '/',
        wildcard: true,
        index: ['index.html'],
        // The build writes .br and .gz copies of every text file (scripts/precompress.mjs).
        preCompressed: true,
        allowedPath: (pathname) => !pathname.split('/').some((part) => part.startsWith('.')),
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? ONE_YEAR : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !pathname.startsWith('/uploads/') &&
        !path.posix.basename(pathname).includes('.');
      if (hasWebApp && isPage) {
        reply.header('cache-control', 'no-cache');
        if (!isAppPath(pathname)) reply.code(404).header('x-robots-tag', 'noindex');
        return reply.sendFile('index.html', options.webDist);
      }
      return reply.code(404).send({ message: `No route for ${request.method} ${pathname}` });
    });
  },
  { name: 'static-files' },
);
