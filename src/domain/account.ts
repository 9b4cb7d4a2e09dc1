/**
 * Account flows (SPEC §7 User, §8): first access, expired password and forgotten password. SPEC
 * leaves the password policy and the code rules "not shown"; they are decided here, once, for the
 * form that shows the policy while typing and for the server that enforces it.
 */

/** Each rule is an i18n key under `account.policy` and a test on the candidate password. */
export const PASSWORD_RULES = [
  { key: 'length', test: (p: string) => p.length >= 8 && p.length <= 128 },
  { key: 'lower', test: (p: string) => /\p{Ll}/u.test(p) },
  { key: 'upper', test: (p: string) => /\p{Lu}/u.test(p) },
  { key: 'digit', test: (p: string) => /\d/.test(p) },
  { key: 'symbol', test: (p: string) => /[^\p{L}\d]/u.test(p) },
] as const;
type PasswordRuleKey = (typeof PASSWORD_RULES)[number]['key'];

export const PASSWORD_MAX_LENGTH = 128;

/** The rules the password breaks (empty when it is acceptable). */
export const passwordPolicyFailures = (password: string): PasswordRuleKey[] =>
  PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.key);

export const meetsPasswordPolicy = (password: string): boolean => passwordPolicyFailures(password).length === 0;

/** Forgotten-password codes: 6 digits, short-lived, few tries, single use, stored hashed. */
export const AUTH_CODE = {
  digits: 6,
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
  /** A verified code must be used to change the password within this time. */
  changeWindowMs: 15 * 60_000,
  /** Least time between two sends for one flow (a resend before it is refused with 429). */
  resendIntervalMs: 30_000,
} as const;

/**
 * Per account, across all of its recovery flows (docs/account.md): the guesses and the mails one
 * e-mail address may cost in a sliding window, whatever the number of flows or resends.
 */
export const AUTH_CODE_ACCOUNT_LIMITS = {
  windowMs: 60 * 60_000,
  /** Wrong codes; past it every code is refused with 429, the right one included, until the window passes. */
  maxFailures: 10,
  /** Codes sent (first sends and resends alike). */
  maxSends: 5,
} as const;

export const isAuthCodeShape = (code: string): boolean => new RegExp(`^\\d{${AUTH_CODE.digits}}$`).test(code);

/** `POST /user/verify_username` answer: the flow's handle; never says whether the e-mail exists. */
export interface VerifyUsernameResponse {
  publicId: string;
}

/** `POST /user/send_auth_code` answer: where the code went, masked (`m***a@e***.com`). */
export interface SendAuthCodeResponse {
  maskedEmail: string;
  expiresInSeconds: number;
}

/**
 * Routes of the account screens. The expired-password toast links to the change screen with the
 * flow handle the login's 401 carries (`publicId`), so the user never has to wait for an e-mail
 * after proving the old password.
 */
export const ACCOUNT_ROUTES = {
  firstAccess: '/primeiro-acesso',
  changeExpired: '/senha-expirada',
  forgot: '/esqueci-senha',
} as const;

/**
 * The fragment of an administrator's reset link (POST /user/send_reset): the forgotten-password
 * screen opens at its code step for that flow. A fragment, so no server, log or Referer sees the
 * handle. `expiresAt` in unix seconds.
 */
interface ResetLinkFlow {
  publicId: string;
  maskedEmail: string;
  expiresAt: number;
}

export const resetLinkFragment = ({ publicId, maskedEmail, expiresAt }: ResetLinkFlow): string =>
  new URLSearchParams({ fluxo: publicId, para: maskedEmail, expira: String(expiresAt) }).toString();

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The flow a reset link names, or null for any other fragment (or a malformed one). */
export const readResetLinkFragment = (hash: string): ResetLinkFlow | null => {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const publicId = params.get('fluxo') ?? '';
  const maskedEmail = params.get('para') ?? '';
  const expiresAt = Number(params.get('expira'));
  if (!UUID_SHAPE.test(publicId) || !maskedEmail || !Number.isInteger(expiresAt)) return null;
  return { publicId, maskedEmail, expiresAt };
};
