import { meetsPasswordPolicy } from '../../domain/account';

export interface PasswordPair {
  newPassword: string;
  confirmation: string;
}

/** i18n keys of what is wrong with the pair, by field (empty when it may be sent). */
export type PasswordPairErrors = Partial<Record<keyof PasswordPair, string>>;

export const EMPTY_PASSWORD_PAIR: PasswordPair = { newPassword: '', confirmation: '' };

export const validatePasswordPair = ({ newPassword, confirmation }: PasswordPair): PasswordPairErrors => {
  const errors: PasswordPairErrors = {};
  if (!newPassword) errors.newPassword = 'account.password.newRequired';
  else if (!meetsPasswordPolicy(newPassword)) errors.newPassword = 'account.password.policyUnmet';
  if (!confirmation) errors.confirmation = 'account.password.confirmRequired';
  else if (confirmation !== newPassword) errors.confirmation = 'account.password.mismatch';
  return errors;
};
