/** /api/auth: register, login and profile update (spec section 7). Login and register are rate-limited. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorSchema,
  loginBodySchema,
  loginResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  updateProfileBodySchema,
  updateProfileResponseSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { createUser, login, toUserDto, updateProfile } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const rateLimit = { max: ctx.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };

  app.post(
    '/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account',
        body: registerBodySchema,
        response: { 201: registerResponseSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await createUser(ctx.db, request.body);
      return reply.code(201).send({ message: 'Registration successful', _id: user.id });
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Log in and receive a bearer token',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const user = await login(ctx.db, request.body);
      return { token: app.signToken({ sub: user.id, role: user.role }), user: toUserDto(user) };
    },
  );

  app.put(
    '/update-profile',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: "Update the caller's profile and saved addresses",
        security: [{ bearerAuth: [] }],
        body: updateProfileBodySchema,
        response: { 200: updateProfileResponseSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const user = toUserDto(await updateProfile(ctx.db, request.user.sub, request.body));
      return { message: 'Profile updated successfully!', ...user, user };
    },
  );
};

export default routes;
