import type { HttpError } from '@refinedev/core';
import axios from 'axios';

/** Server answers `{ message, errors? }` (DESIGN §3); Refine expects an HttpError with the status. */
export const toHttpError = (error: unknown): HttpError => {
  if (axios.isAxiosError(error)) {
    const body = error.response?.data as { message?: unknown; errors?: unknown } | undefined;
    const message = typeof body?.message === 'string' && body.message ? body.message : error.message;
    const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as HttpError['errors']) : undefined;
    return { message, statusCode: error.response?.status ?? 0, ...(errors ? { errors } : {}) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, statusCode: 0 };
};
