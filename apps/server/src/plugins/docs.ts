/**
 * OpenAPI documentation generated from the same zod schemas that validate each route
 * (STYLE rule 3), served at /api/docs (UI) and /api/docs/json.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
