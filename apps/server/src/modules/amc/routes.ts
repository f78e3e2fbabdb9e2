/**
 * Annual maintenance contracts over HTTP (docs/shop-rules.md#amc): under /api/admin the open visits due and a visit
 * marked done (the orders area: the owner and orders staff, the shop's technicians' desk); under /api/business an
 * outlet's contracts with their visits (any person of the business).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  amcVisitDoneBodySchema,
  amcVisitDoneResponseSchema,
  amcVisitParamsSchema,
  amcVisitsDueSchema,
  dueWindowQuerySchema,
  errorSchema,
  idParamsSchema,
  outletAmcSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { markDone, outletContracts, visitsDue } from './service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const adminAmcRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const staff = app.requireArea('orders');

  app.get(
    '/amc/visits',
    {
      onRequest: staff,
      schema: {
        tags: ['amc'],
        summary: "Annual maintenance contracts' open visits due by the window's end, overdue too (admin)",
        security,
        querystring: dueWindowQuerySchema,
        response: { 200: amcVisitsDueSchema, ...errors },
      },
    },
    async (request) => visitsDue(ctx.db, request.query.days),
  );

  app.post(
    '/amc/visits/:id/done',
    {
      onRequest: staff,
      schema: {
        tags: ['amc'],
        summary: "Mark an AMC visit done, recording the product's covered tasks on the outlet's assets (admin)",
        security,
        params: amcVisitParamsSchema,
        body: amcVisitDoneBodySchema,
        response: { 200: amcVisitDoneResponseSchema, ...errors },
      },
    },
    async (request) => markDone(ctx, request.user.sub, request.params.id, request.body),
  );
};

export const businessAmcRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  app.get(
    '/outlets/:id/amc',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['business'],
        summary: "An outlet's annual maintenance contracts and their visits (any person of the business)",
        security,
        params: idParamsSchema,
        response: { 200: outletAmcSchema, ...errors },
      },
    },
    async (request) => outletContracts(ctx.db, request.user.sub, request.params.id),
  );
};
