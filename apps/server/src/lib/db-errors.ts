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

/**
 * Text PostgreSQL cannot store: 22021 (a NUL byte in text: "invalid byte sequence for encoding") or
 * 22P05 (\u0000 in jsonb: "unsupported Unicode escape sequence").
 */
export const isUnstorableText = (error: unknown) => {
  const code = codeOf(error);
  return code === '22021' || code === '22P05';
};
