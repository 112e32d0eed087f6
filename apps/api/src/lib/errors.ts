import { STATUS_CODES } from 'node:http';
import { MESSAGES } from '@goc/contracts';

/**
 * Errors services throw; the error plugin turns them into `{statusCode, error, message, fields?}`.
 * `message` and `fields` are Spanish and safe to show to the user.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;

  constructor(statusCode: number, message: string, options: { fields?: Record<string, string>; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.fields = options.fields;
  }

  /** The HTTP reason phrase used as `error` in the body. */
  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error';
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message: string = MESSAGES.validation) {
    super(400, message, { fields });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = MESSAGES.unauthorized) {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = MESSAGES.forbidden) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, message);
  }
}

/** 409: stale version, duplicate unique value (name the field in `fields`), row still referenced. */
export class ConflictError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, message, fields ? { fields } : {});
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string = MESSAGES.tooManyAttempts) {
    super(429, message);
  }
}
