import { useNotification, type HttpError } from '@refinedev/core';
import { useCallback } from 'react';
import { t } from '../../providers/i18nProvider';
import { fieldErrorsOf } from './serverErrors';

/**
 * What to do with a failed account call: errors that belong to a field go back to the form (which
 * shows them there); anything else is a red toast with the SPEC §8 message.
 */
export const useAccountFailure = () => {
  const { open } = useNotification();
  return useCallback(
    (error: HttpError, onFields: (errors: Record<string, string>) => void) => {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) onFields(fields);
      else open?.({ type: 'error', message: t('errors.title'), description: error.message, key: 'account-error' });
    },
    [open],
  );
};
