import type { HttpError } from '@refinedev/core';
import { matchErrorMessage } from '../../domain';
import { i18n, t } from '../../providers/i18nProvider';
import { errorText } from '../../providers/notificationProvider';

const POLICY_PREFIX = 'account.policy.';

const textOf = (value: unknown): string | undefined => {
  const raw = Array.isArray(value) ? value[0] : value && typeof value === 'object' && 'message' in value ? (value as { message: unknown }).message : value;
  if (typeof raw !== 'string' || !raw) return undefined;
  // A broken policy rule comes as its key: said as a sentence, not as the bare rule.
  if (raw.startsWith(POLICY_PREFIX) && i18n.exists(raw)) return t('account.password.policyRule', { rule: t(raw).toLowerCase() });
  // Otherwise the server names an i18n key (a field message) or writes an English message.
  return i18n.exists(raw) ? t(raw) : errorText(raw);
};

/** The flow's handle is used up or too old (SPEC §7 auth_change_password): the user must start again. */
export const isRecoveryExpired = (error: HttpError): boolean => {
  const match = matchErrorMessage(error.message);
  return match.kind === 'catalogue' && match.key === 'passwordRecoveryExpired';
};

/**
 * The translated field errors a failed account call carries: the server's `errors` map, plus the
 * SPEC §8 "New password must differ from current" that belongs on the new password.
 */
export const fieldErrorsOf = (error: HttpError): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(error.errors ?? {})) {
    const text = textOf(value);
    if (text) out[field] = text;
  }
  const match = matchErrorMessage(error.message);
  if (!out.newPassword && match.kind === 'catalogue' && match.key === 'newPasswordMustDiffer') out.newPassword = errorText(error.message);
  return out;
};
