/**
 * JSON the server wrote itself, sent as it is. Fastify passes a string with a JSON content type through
 * untouched: the route's response schema is not run over it (fastify-type-provider-zod's serializer encodes the
 * whole answer with zod before its JSON.stringify, a second pass over every field). For answers whose payload the
 * server's own typed code built in the contract's shape, key order included: the catalog cache's stored answers
 * (products/cached-reply.ts) and the admin's orders and payments pages, whose JSON the database writes
 * (docs/decisions/0011-admin-lists-at-size.md).
 * The route keeps its response schema for the OpenAPI document.
 */
import type { FastifyReply } from 'fastify';

/** `json` as a string, or as its UTF-8 bytes (the catalog cache keeps those: lib/catalog-cache.ts). */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
