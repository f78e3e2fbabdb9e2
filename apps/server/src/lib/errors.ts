/**
 * Typed domain errors: services throw these; the error handler in
 * plugins/errors.ts turns each into its status and `{ message }`.
 */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string, details?: { path: string; message: string }[]) {
    super(400, message, details);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super(401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}

/** Well-formed, but at odds with what the server already holds (an Idempotency-Key reused for another body). */
export class UnprocessableEntityError extends DomainError {
  constructor(message: string) {
    super(422, message);
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(message: string) {
    super(503, message);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message: string) {
    super(429, message);
  }
}
