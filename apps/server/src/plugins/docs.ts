/**
 * OpenAPI documentation generated from the same zod schemas that validate each route, served at
 * /api/docs (UI) and /api/docs/json.
 */
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A route's `config.swaggerTransform` for a body that Fastify must not validate itself (a multipart
 * form, read and validated by the handler): the document shows `content` (media type -> zod schema
 * of the body as sent) as the request body; everything else is documented as usual.
 */
export function documentedBody(content: Record<string, z.ZodType>): SwaggerTransform {
  return (document) => {
    const transformed = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
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
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
