import { isEmail } from '../../domain/validation';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** i18n keys of what is wrong with each field; an empty object means the form may be sent. */
export const validateLogin = ({ email, password }: LoginValues): LoginErrors => {
  const errors: LoginErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = 'auth.emailRequired';
  else if (!isEmail(trimmed)) errors.email = 'auth.emailInvalid';
  if (!password) errors.password = 'auth.passwordRequired';
  return errors;
};
