/**
 * Authentication and roles (DESIGN section 4): signed JWT bearer tokens with an expiry.
 * `app.requireUser` and `app.requireAdmin` are preHandlers: 401 without a valid token, 403 for a
 * logged-in user who is not an admin. Handlers read the caller from `request.user.sub`.
 */
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_MESSAGES, type Role } from '@pumpkart/shared';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';

export interface TokenPayload {
  sub: string;
  role: Role;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: PreHandler;
    requireAdmin: PreHandler;
    /** Signs a token for a user (login, tests). */
    signToken(payload: TokenPayload): string;
  }
}

export default fp(
  async function auth(app: FastifyInstance, options: { secret: string; expiresIn: string }) {
    await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: options.expiresIn } });

    const requireUser: PreHandler = async (request) => {
      const header = request.headers.authorization;
      if (!header || !/^Bearer\s+\S+/i.test(header)) throw new UnauthorizedError(SERVER_MESSAGES.authRequired);
      try {
        await request.jwtVerify();
      } catch (error) {
        const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
        throw new UnauthorizedError(expired ? SERVER_MESSAGES.sessionExpired : SERVER_MESSAGES.authRequired);
      }
    };

    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await requireUser(request, reply);
      if (request.user.role !== 'admin') throw new ForbiddenError(SERVER_MESSAGES.adminOnly);
    });
    app.decorate('signToken', (payload: TokenPayload) => app.jwt.sign(payload));
  },
  { name: 'auth' },
);
