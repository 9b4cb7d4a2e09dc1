import { useTranslate } from '@refinedev/core';
import { useState } from 'react';
import { EMPTY_PASSWORD_PAIR, validatePasswordPair, type PasswordPair, type PasswordPairErrors } from './validatePasswordPair';

/**
 * State of a new-password pair: the form's own check shows after the first submit and follows the
 * typing from then on; a server error stays on its field until that field changes.
 */
export const usePasswordPair = () => {
  const t = useTranslate();
  const [pair, setPair] = useState<PasswordPair>(EMPTY_PASSWORD_PAIR);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<PasswordPairErrors>({});

  const own = submitted ? validatePasswordPair(pair) : {};
  const errors: PasswordPairErrors = {
    newPassword: serverErrors.newPassword ?? (own.newPassword && t(own.newPassword)),
    confirmation: serverErrors.confirmation ?? (own.confirmation && t(own.confirmation)),
  };

  const change = (next: PasswordPair) => {
    setServerErrors((prev) => ({
      newPassword: next.newPassword === pair.newPassword ? prev.newPassword : undefined,
      confirmation: next.confirmation === pair.confirmation ? prev.confirmation : undefined,
    }));
    setPair(next);
  };

  /** Marks the form submitted; true when the pair may be sent. */
  const check = (): boolean => {
    setSubmitted(true);
    return Object.keys(validatePasswordPair(pair)).length === 0;
  };

  return { pair, errors, check, setServerErrors, fieldProps: { value: pair, onChange: change, errors } };
};
