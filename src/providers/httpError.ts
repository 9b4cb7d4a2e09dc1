import type { HttpError } from '@refinedev/core';
import axios from 'axios';

/** Server answers `{ message, errors? }` (DESIGN §3); Refine expects an HttpError with the status. */
export const toHttpError = (error: unknown): HttpError => {
  if (axios.isAxiosError(error)) {
    const body = error.response?.data as { message?: unknown; errors?: unknown; problems?: unknown } | undefined;
    const message = typeof body?.message === 'string' && body.message ? body.message : error.message;
    const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as HttpError['errors']) : undefined;
    // save_config lists every problem with its culprits (issue 13); the form shows them all.
    const problems = Array.isArray(body?.problems) ? { problems: body.problems } : {};
    return { message, statusCode: error.response?.status ?? 0, ...(errors ? { errors } : {}), ...problems };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, statusCode: 0 };
};
