/**
 * Security headers and rate limiting (docs/shop-rules.md#accounts). The content-security policy
 * allows only this origin, plus Razorpay's checkout script and window when the live gateway is
 * configured and the image storage's origin when images come from elsewhere (STORAGE=s3). Rate limits are off by default and switched on per route (login, register, forgot-password, reset-password),
 * counted in the store app.ts chose (Redis, PostgreSQL or memory: rate-limit-store.ts).
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    await app.register(helmet, {
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
    await app.register(rateLimit, { global: false, ...options.rateLimitStore });
  },
  { name: 'security' },
);
