/** Recognising PostgreSQL errors through Drizzle's wrapper, on both drivers. */

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => codeOf(error) === '23503';
export const isCheckViolation = (error: unknown) => codeOf(error) === '23514';
