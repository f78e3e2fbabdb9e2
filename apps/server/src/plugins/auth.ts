/**
 * Authentication and roles (docs/shop-rules.md#accounts): signed JWT bearer tokens with an expiry,
 * HS256 only. A token is trusted only as far as the database agrees: its account must exist, its
 * `ver` must be the account's token version (a password or e-mail change, a reset or "log out
 * everywhere" bumps it) and the role comes from the account, never from the token
 * (modules/auth/sessions.ts).
 * `app.requireUser` and `app.requireArea(area)` are onRequest hooks: 401 without a valid token; requireArea also
 * 403 for a logged-in user whose role may not open that area of the back office (docs/shop-rules.md#staff:
 * `orders`, `catalog`, or `owner`, which only the admin opens). They run before the body is read and validated,
 * so an anonymous caller learns nothing of a route's body rules (401, never 400): a route that puts a guard in a
 * later hook is refused when it is added.
 * Handlers read the caller from `request.user` (sub, role).
 */
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { mayOpen, SERVER_MESSAGES, type Area, type Role } from '@pumpkart/shared';
import type { DbOrTx } from '../db/client';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';
import { sessionAccount } from '../modules/auth';

export interface TokenPayload {
  sub: string;
  /** Informational only: requests use the account's role from the database. */
  role: Role;
  /** The account's token version when the token was signed. */
  ver: number;
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
    /** The guard of one area of the back office (docs/shop-rules.md#staff). */
    requireArea(area: Area): PreHandler;
    /** Signs a token for a user (login, tests); `ver` is the account's token version, 0 when omitted. */
    signToken(payload: { sub: string; role: Role; ver?: number }): string;
  }
}

const JWT_ALGORITHM = 'HS256';
/** What a logged-in user without the area is told (403). */
const AREA_REFUSALS: Record<Area, string> = {
  owner: SERVER_MESSAGES.adminOnly,
  orders: SERVER_MESSAGES.ordersAreaOnly,
  catalog: SERVER_MESSAGES.catalogAreaOnly,
};
/** The hooks that run after onRequest: a guard there would let a body's validation answer before it. */
const LATE_HOOKS = ['preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend'] as const;

/** Refuses, when the route is added, a guard anywhere but onRequest (authentication comes before validation). */
function assertGuardsFirst(route: RouteOptions): void {
  for (const hook of LATE_HOOKS) {
    const handlers = [route[hook] ?? []].flat() as PreHandler[];
    if (handlers.some((handler) => GUARDS.has(handler))) {
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url}: a login guard belongs in onRequest, not ${hook}, so that an anonymous call is answered 401 before its body is validated.`,
      );
    }
  }
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a guard lets through: any logged-in user, or one area of the back office. */
export type Guard = 'user' | Area;
/** Each guard function made below and what it requires, so that the OpenAPI document reads a route's login from its hooks. */
const GUARDS = new WeakMap<PreHandler, Guard>();

/**
 * The login a route requires, from the guard among its onRequest hooks (the only place a guard may be) (plugins/docs.ts documents it);
 * undefined for a public route.
 */
export function guardOf(route: { onRequest?: unknown }): Guard | undefined {
  for (const hook of [route.onRequest].flat()) {
    const guard = typeof hook === 'function' ? GUARDS.get(hook as PreHandler) : undefined;
    if (guard) return guard;
  }
  return undefined;
}

export default fp(
  async function auth(app: FastifyInstance, options: { secret: string; expiresIn: string; db: DbOrTx }) {
    await app.register(fastifyJwt, {
      secret: options.secret,
      sign: { algorithm: JWT_ALGORITHM, expiresIn: options.expiresIn },
      verify: { algorithms: [JWT_ALGORITHM], requiredClaims: ['exp', 'sub'] },
    });

    const requireUser: PreHandler = async (request) => {
      const header = request.headers.authorization;
      if (!header || !/^Bearer\s+\S+/i.test(header)) throw new UnauthorizedError(SERVER_MESSAGES.authRequired);
      try {
        await request.jwtVerify();
      } catch (error) {
        const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
        throw new UnauthorizedError(expired ? SERVER_MESSAGES.sessionExpired : SERVER_MESSAGES.authRequired);
      }
      const { sub, ver = 0 } = request.user as Partial<Record<keyof TokenPayload, unknown>>;
      // A token signed before token versions existed carries none: it counts as version 0.
      if (typeof sub !== 'string' || !UUID_PATTERN.test(sub) || !Number.isSafeInteger(ver)) {
        throw new UnauthorizedError(SERVER_MESSAGES.authRequired);
      }
      const account = await sessionAccount(options.db, sub);
      if (!account) throw new UnauthorizedError(SERVER_MESSAGES.authRequired);
      if (account.tokenVersion !== ver) throw new UnauthorizedError(SERVER_MESSAGES.sessionExpired);
      request.user = { sub, role: account.role, ver: account.tokenVersion };
    };

    GUARDS.set(requireUser, 'user');
    const requireArea = (area: Area): PreHandler => {
      const guard: PreHandler = async (request, reply) => {
        await requireUser(request, reply);
        if (!mayOpen(request.user.role, area)) throw new ForbiddenError(AREA_REFUSALS[area]);
      };
      GUARDS.set(guard, area);
      return guard;
    };
    app.addHook('onRoute', (route) => assertGuardsFirst(route));

    app.decorate('requireUser', requireUser);
    app.decorate('requireArea', requireArea);
    app.decorate('signToken', ({ sub, role, ver = 0 }: { sub: string; role: Role; ver?: number }) =>
      app.jwt.sign({ sub, role, ver }),
    );
  },
  { name: 'auth' },
);
