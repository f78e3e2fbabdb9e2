/** /api/cart (docs/shop-rules.md#cart): every call needs a user and answers the whole cart. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartAddBodySchema,
  cartRemoveBodySchema,
  cartResponseSchema,
  cartUpdateBodySchema,
  errorSchema,
  quickOrderBodySchema,
  quickOrderResponseSchema,
  reorderBodySchema,
  reorderResponseSchema,
} from '@pumpkart/shared';
import type { ModuleOptions } from '../../context';
import { quickOrder, reorder } from './buy-again';
import { addToCart, clearCart, getCart, removeCartLine, updateCartLine, type CappedLine } from './service';

const routes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx }) => {
  const security = [{ bearerAuth: [] }];
  const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };
  const cartOf = (userId: string, capped?: CappedLine) => getCart(ctx, userId, capped);

  app.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: "The caller's cart",
        security,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) => cartOf(request.user.sub),
  );

  app.post(
    '/add',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: "Add to a line (merges; capped at the stock, the line's notice then says so)",
        security,
        body: cartAddBodySchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) => {
      return cartOf(request.user.sub, await addToCart(ctx, request.user.sub, request.body));
    },
  );

  app.put(
    '/update',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: "Set a line's quantity (clamped to 1..stock, the line's notice then says so)",
        security,
        body: cartUpdateBodySchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) => {
      return cartOf(request.user.sub, await updateCartLine(ctx, request.user.sub, request.body));
    },
  );

  app.delete(
    '/remove',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Remove a line',
        security,
        body: cartRemoveBodySchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) => {
      await removeCartLine(ctx, request.user.sub, request.body);
      return cartOf(request.user.sub);
    },
  );

  app.post(
    '/reorder',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: "Order again: a past order's lines into the cart at current prices, what changed said per line",
        security,
        body: reorderBodySchema,
        response: { 200: reorderResponseSchema, ...errors },
      },
    },
    async (request) => reorder(ctx, request.user.sub, request.body.orderId),
  );

  app.post(
    '/quick-order',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Quick order: check SKU and quantity lines (CSV or a spreadsheet paste); with add, add the valid ones',
        security,
        body: quickOrderBodySchema,
        response: { 200: quickOrderResponseSchema, ...errors },
      },
    },
    async (request) => quickOrder(ctx, request.user.sub, request.body.text, request.body.add),
  );

  app.delete(
    '/clear',
    {
      onRequest: app.requireUser,
      schema: { tags: ['cart'], summary: 'Empty the cart', security, response: { 200: cartResponseSchema, ...errors } },
    },
    async (request) => {
      await clearCart(ctx, request.user.sub);
      return { items: [] };
    },
  );
};

export default routes;
