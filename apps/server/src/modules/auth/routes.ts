/**
 * /api/auth: register, login, profile update, password change and "log out everywhere"
 * (docs/shop-rules.md#accounts), and the password reset by e-mail (docs/shop-rules.md#password-reset).
 * Registration, like the reset request, answers the same whether or not an account has the e-mail.
 * Login, register and both reset calls are rate-limited per address; login and the reset e-mails also
 * per account (service.ts, password-reset.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  errorSchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
  SERVER_MESSAGES,
  updateProfileBodySchema,
  updateProfileResponseSchema,
  type Role,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { requestPasswordReset, resetPassword } from './password-reset';
import { ACCOUNT_EXISTS_MAX_PER_WINDOW, ACCOUNT_EXISTS_WINDOW_MINUTES, registerCustomer } from './registration';
import { bumpTokenVersion, changePassword, login, toUserDto, updateProfile } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const rateLimit = { max: ctx.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' };
  const tokenFor = (user: { id: string; role: Role; tokenVersion: number }) =>
    app.signToken({ sub: user.id, role: user.role, ver: user.tokenVersion });

  app.post(
    '/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account',
        description: `Answers the same 201 whether or not an account has the e-mail. For a new e-mail it creates the customer and sends the welcome e-mail; for a taken one it creates and changes nothing and e-mails the account holder instead (at most ${ACCOUNT_EXISTS_MAX_PER_WINDOW} per ${ACCOUNT_EXISTS_WINDOW_MINUTES} minutes). Limited per address (AUTH_RATE_LIMIT a minute).`,
        body: registerBodySchema,
        response: { 201: registerResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await registerCustomer(ctx, request.body);
      return reply.code(201).send({ message: SERVER_MESSAGES.registered });
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Log in and receive a bearer token',
        description:
          'Limited per address (AUTH_RATE_LIMIT a minute). Failed logins are counted per e-mail and client address: after 10 in 15 minutes, 429 for that address until the window is over; after 10 from all addresses, each further attempt waits 1, 2, 4... at most 60 seconds (429 until then).',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const user = await login(ctx, request.body, new Date(), request.ip);
      return { token: tokenFor(user), user: toUserDto(user) };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link',
        description:
          'Answers the same message whether or not an account has the e-mail. The link works for 30 minutes and once; an account gets at most 3 links per 15 minutes (beyond that nothing is sent, same answer). Limited per address (AUTH_RATE_LIMIT a minute).',
        body: forgotPasswordBodySchema,
        response: { 200: forgotPasswordResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body, request.log);
      return { message: SERVER_MESSAGES.passwordResetRequested };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: "Set a new password with an e-mailed link's token",
        description:
          'The token from the link (its #token= fragment) and a new password (the signup rule). Revokes every earlier login token of the account; does not log in. An unknown, used or expired token is 400.',
        body: resetPasswordBodySchema,
        response: { 200: resetPasswordResponseSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body);
      return { message: SERVER_MESSAGES.passwordResetDone };
    },
  );

  app.put(
    '/update-profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: "Update the caller's profile and saved addresses",
        description:
          'A new e-mail or password needs currentPassword; it revokes every earlier token and answers a fresh one.',
        security: [{ bearerAuth: [] }],
        body: updateProfileBodySchema,
        response: {
          200: updateProfileResponseSchema,
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const { row, tokenRevoked } = await updateProfile(ctx, request.user.sub, request.body, new Date(), request.ip);
      const user = toUserDto(row);
      return {
        message: 'Profile updated successfully!',
        ...user,
        user,
        ...(tokenRevoked ? { token: tokenFor(row) } : {}),
      };
    },
  );

  app.post(
    '/change-password',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: "Change the caller's password",
        description:
          'Needs the current password; an admin password needs at least 12 characters. Revokes every earlier token of the account and answers a fresh one for this session.',
        security: [{ bearerAuth: [] }],
        body: changePasswordBodySchema,
        response: { 200: changePasswordResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const row = await changePassword(ctx, request.user.sub, request.body, new Date(), request.ip);
      return { message: 'Your password has been changed.', token: tokenFor(row) };
    },
  );

  app.post(
    '/logout-all',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Log out everywhere',
        description: 'Revokes every token of the account, this one included.',
        security: [{ bearerAuth: [] }],
        response: { 200: messageSchema, 401: errorSchema },
      },
    },
    async (request) => {
      await bumpTokenVersion(ctx, request.user.sub);
      return { message: 'You have been logged out on every device.' };
    },
  );
};

export default routes;
