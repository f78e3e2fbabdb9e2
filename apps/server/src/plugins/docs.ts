/**
 * OpenAPI documentation generated from the same zod schemas that validate each route, served at
 * /api/docs (UI) and /api/docs/json.
 *
 * What every route has in common is written here, once, from the route itself rather than by each
 * route file (redocly.yaml lints the result, `npm run lint:openapi`): its operationId (from its method
 * and path), its security (from the guard among its hooks, plugins/auth.ts) and the error answers
 * the framework gives it (contractOf).
 */
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@pumpkart/shared';
import { guardOf } from './auth';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

const BEARER = 'bearerAuth';

/** The answers the framework or a guard gives a route, each documented only where the route can get it. */
const COMMON_ERRORS = {
  400: errorSchema.describe('The request is invalid: `message` names the first problem, `details` each one'),
  401: errorSchema.describe('No valid login: send `Authorization: Bearer <token>` from POST /api/auth/login'),
  403: errorSchema.describe("The login's role may not open this area of the back office"),
  413: errorSchema.describe('The request body is larger than the limit'),
  415: errorSchema.describe('The request body has a content type this call does not read'),
  429: errorSchema.describe('Too many requests: try again later'),
  500: errorSchema.describe('An unexpected error, logged by the server; the message reveals nothing of it'),
} as const;

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The operationId of a method and path, unique as they are: `GET /api/orders/{id}/invoice` ->
 * `getOrdersByIdInvoice`, `POST /api/products/import/dry-run` -> `postProductsImportDryRun`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^(?::(\w+)|\{(\w+)\})$/.exec(segment);
      if (param) return ['by', param[1] ?? param[2]!];
      return segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/**
 * The route's schema with what is common to every route: operationId, security (none for a public route,
 * the bearer token where a guard asks for a login) and the common error answers it can get: 400 for
 * anything validated or any body, 401 and 403 from its guard, 413 and 415 for a body, 429 where it is
 * rate-limited, 500 everywhere. The route's own entries stay as they are.
 */
export function contractOf(route: RouteOptions, schema: FastifySchema | undefined): FastifySchema {
  const method = [route.method].flat()[0]!;
  const guard = guardOf(route);
  const security = guard ? [{ [BEARER]: [] }] : [];
  const declared = (schema as { security?: unknown } | undefined)?.security;
  if (declared !== undefined && JSON.stringify(declared) !== JSON.stringify(security)) {
    throw new Error(
      `${method} ${route.url} declares security ${JSON.stringify(declared)}, but its guard says otherwise`,
    );
  }
  const hasBody = METHODS_WITH_BODY.has(method);
  const validated = Boolean(schema?.params || schema?.querystring || schema?.body || schema?.headers);
  const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  const wanted: (keyof typeof COMMON_ERRORS)[] = [
    ...(validated || hasBody ? ([400] as const) : []),
    ...(guard ? ([401] as const) : []),
    ...(guard && guard !== 'user' ? ([403] as const) : []),
    ...(hasBody ? ([413, 415] as const) : []),
    ...(rateLimited ? ([429] as const) : []),
    500,
  ];
  const response: Record<string, unknown> = { ...(schema?.response as Record<string, unknown> | undefined) };
  for (const status of wanted) response[status] ??= COMMON_ERRORS[status];
  return {
    ...schema,
    operationId: (schema as { operationId?: string } | undefined)?.operationId ?? operationIdOf(method, route.url),
    security,
    response,
  } as FastifySchema;
}

/** The document's transform: the route's contract (contractOf), then its zod schemas as JSON Schema. */
const transform: SwaggerTransform = (document) => {
  const input = document as TransformInput & { route: RouteOptions };
  return jsonSchemaTransform({ ...input, schema: contractOf(input.route, input.schema) } as TransformInput);
};

/**
 * A route's `config.swaggerTransform` for a body that Fastify must not validate itself (a multipart
 * form, read and validated by the handler): the document shows `content` (media type -> zod schema
 * of the body as sent) as the request body; everything else is documented as usual.
 */
export function documentedBody(content: Record<string, z.ZodType>): SwaggerTransform {
  return (document) => {
    const transformed = transform(document);
    const bodies = Object.fromEntries(
      Object.entries(content).map(([mediaType, schema]) => [
        mediaType,
        { schema: z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input' }) },
      ]),
    );
    return { ...transformed, schema: { ...transformed.schema, body: { content: bodies } } };
  };
}

export default fp(
  async function docs(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'PumpKart API',
          description: 'The JSON API of the PumpKart shop. Money is in rupees (payment amounts in paise).',
          version: '1.0.0',
        },
        // Relative: the API is on the origin that serves this document, whatever its address.
        servers: [{ url: '/', description: 'The shop serving this document' }],
        components: {
          securitySchemes: {
            [BEARER]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The token of POST /api/auth/login.',
            },
          },
        },
      },
      transform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
