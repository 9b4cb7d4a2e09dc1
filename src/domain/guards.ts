/**
 * Client-side call guards of SPEC §5: a call is not sent when its arguments break these. The server
 * validates again with its route schemas.
 */
/** Distinct ids made on the device carry this prefix and never reach the API (docs/decisions.md). */
export const DEVICE_ID_PREFIX = 'device-';

export const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
export const isPositiveNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** files, players, parts and shareIds: a non-empty array of strings. */
export const isNonEmptyStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');
export const isServerId = (v: unknown): v is string => isNonEmptyString(v) && !v.startsWith(DEVICE_ID_PREFIX);

export class CallGuardError extends Error {
  constructor(public readonly argument: string) {
    super(`Invalid argument: ${argument}`);
    this.name = 'CallGuardError';
  }
}

/** Throws a CallGuardError naming the first argument that breaks its rule. */
export const guard = (checks: Record<string, boolean>): void => {
  const failed = Object.entries(checks).find(([, ok]) => !ok);
  if (failed) throw new CallGuardError(failed[0]);
};
