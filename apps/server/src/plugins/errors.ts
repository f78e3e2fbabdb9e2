/**
 * The one error handler (docs/shop-rules.md#validation): every error becomes JSON `{ message }`
 * with the right status. A client's mistake (validation, malformed JSON, bad upload, unknown route)
 * is a 4xx with a message naming the problem; anything unexpected is logged with the request and
 * answered with a generic 500 that never leaks internals. Text the database cannot store (a NUL
 * character) is refused by the shared schemas; should one still reach PostgreSQL, it is a 400 here,
 * not a 500.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, SERVER_MESSAGES } from '@pumpkart/shared';
import { isUnstorableText } from '../lib/db-errors';
import { DomainError } from '../lib/errors';

export const UNSTORABLE_TEXT_MESSAGE = 'The request contains a character that is not allowed.';

const specMessages = new Set(
  [...Object.values(MESSAGES), ...Object.values(SERVER_MESSAGES)].filter((m) => typeof m === 'string') as string[],
);

/** 'postalCode' -> 'postal code', 'line1' -> 'line 1', so that a message naming the field is recognised. */
function words(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

/**
 * The text of one validation issue: the schema's own message when it already names the field or is
 * one of the specification's messages, otherwise prefixed with the field's path.
 */
export function describeIssue(path: string, message: string): string {
  const key = path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .pop();
  const lower = message.toLowerCase();
  if (!key || specMessages.has(message) || lower.includes(words(key)) || lower.includes(key.toLowerCase())) {
    return message;
  }
  return `${path}: ${message}`;
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

function validationDetails(issues: ValidationIssue[], context: string | undefined) {
  return issues.map((issue) => {
    const inner = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const path = inner || context || 'request';
    return { path, message: describeIssue(inner || path, issue.message ?? 'is invalid') };
  });
}

export default fp(async function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error.validation as ValidationIssue[], error.validationContext);
      return reply.code(400).send({ message: details[0]?.message ?? 'Invalid request.', details });
    }
    if (error instanceof DomainError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply
        .code(error.statusCode)
        .send(error.details ? { message: error.message, details: error.details } : { message: error.message });
    }
    if (isUnstorableText(error)) {
      request.log.warn({ url: request.url, method: request.method }, 'text the database cannot store');
      return reply.code(400).send({ message: UNSTORABLE_TEXT_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ message: SERVER_MESSAGES.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, multipart limits.
      return reply.code(status).send({ message: clientErrorMessage(error) });
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
    return reply.code(500).send({ message: SERVER_MESSAGES.internalError });
  });
});

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `The request body is not valid JSON: ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: ${error.message}`;
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'An uploaded file is larger than the 5 MB limit.';
    case 'FST_FILES_LIMIT':
      return 'Too many files: at most 8 images per product.';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'This call expects a multipart/form-data body.';
    default:
      return error.message;
  }
}
