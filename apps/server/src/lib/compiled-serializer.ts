/**
 * A route's answers serialized by a serializer compiled from its response schemas (fast-json-stringify over each
 * zod schema's JSON Schema), for the admin's lists, whose pages are tens of kilobytes of DTOs that one mapper built
 * in the schema's shape (docs/decisions/0011-admin-lists-at-size.md). The app's default serializer
 * (fastify-type-provider-zod) runs zod's encode over the whole answer and then JSON.stringify: about three times the
 * cost of serializing alone. The compiled one writes the schema's keys in the schema's order and leaves out any
 * other key, as zod's pass did; unlike it, it checks nothing, so it suits answers typed as the schema by their code.
 * A key the value lacks is left out, not refused.
 */
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * The schema as fast-json-stringify serializes it fastest: a nullable value (zod's `anyOf` of the value and null,
 * which fast-json-stringify would settle by validating the value) as a type that allows null, and no `required`,
 * `pattern` or `format` (it serializes, it does not validate).
 */
function fitted(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fitted);
  if (!schema || typeof schema !== 'object') return schema;
  const { required: _required, pattern: _pattern, format: _format, $schema: _schema, ...rest } = schema as JsonSchema;
  const fit: JsonSchema = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, fitted(value)]));
  const branches = fit.anyOf as JsonSchema[] | undefined;
  const value = branches?.length === 2 ? branches.find((branch) => branch.type !== 'null') : undefined;
  if (value && typeof value.type === 'string' && branches!.some((branch) => branch.type === 'null')) {
    const { anyOf: _anyOf, ...others } = fit;
    return { ...others, ...value, type: [value.type, 'null'] };
  }
  return fit;
}

/** fast-json-stringify's serializer of the zod schema's output. */
export function serializerOf(schema: z.ZodType): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return fastJson(fitted(jsonSchema) as Parameters<typeof fastJson>[0]);
}

/** A route's `serializerCompiler`: each status code's response schema (a zod type) compiled by serializerOf. */
export const compiledSerializer = ({ schema }: { schema: unknown }) =>
  serializerOf(schema instanceof z.ZodType ? schema : (schema as { properties: z.ZodType }).properties);
