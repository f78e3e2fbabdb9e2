/**
 * Security headers and rate limiting (docs/shop-rules.md#accounts). The content-security policy
 * allows only this origin, plus Razorpay's checkout script and window when the live gateway is
 * configured and the image storage's origin when images come from elsewhere (STORAGE=s3). Rate limits are off by default and switched on per route (login, register, forgot-password, reset-password),
 * counted in the store app.ts chose (Redis, PostgreSQL or memory: rate-limit-store.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { RateLimitStoreOptions } from './rate-limit-store';

export interface SecurityOptions {
  razorpay: boolean;
  imageOrigin?: string;
  /** Where the rate limits are counted: chooseRateLimitStore()'s options. */
  rateLimitStore: RateLimitStoreOptions;
}

export default fp(
  async function security(app: FastifyInstance, options: SecurityOptions) {
    const razorpayHosts = options.razorpay ? ['https://checkout.razorpay.com', 'https://*.razorpay.com'] : [];
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...razorpayHosts],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...razorpayHosts, ...(options.imageOrigin ? [options.imageOrigin] : [])],
          connectSrc: ["'self'", ...razorpayHosts],
          frameSrc: ["'self'", ...razorpayHosts],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          formAction: ["'self'", ...razorpayHosts],
          upgradeInsecureRequests: null,
        },
      },
      // The payment window is an iframe of this same origin (sandbox) or of Razorpay.
      crossOriginEmbedderPolicy: false,
      // HSTS belongs to the TLS terminator in front of the app, not to plain-HTTP local runs.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    await app.register(rateLimit, { global: false, ...options.rateLimitStore });
  },
  { name: 'security' },
);

/**
 * The headers helmet sets for these options, worked out once at start: they are the same for every response (no
 * per-request nonces). @fastify/helmet built helmet's middleware again, policy parsing included, on every request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
