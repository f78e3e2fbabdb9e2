/**
 * JSON the server wrote itself, sent as it is. Fastify passes a string with a JSON content type through
 * untouched: the route's response schema is not run over it. For the admin's orders page, whose JSON the database
 * writes in the contract's shape, key order included (docs/decisions/0011-admin-lists-at-size.md).
 * The route keeps its response schema for the OpenAPI document.
 */
import type { FastifyReply } from 'fastify';

export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
