import { useTranslate, type HttpError } from '@refinedev/core';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../../providers/notificationProvider';
import { AlertIcon } from '../../components/AlertIcon';

/** A section whose load failed says so, with the catalogue message and a retry, instead of looking empty. */
export const QueryError = ({ error, retry, children }: { error: HttpError | null; retry: () => void; children: ReactNode }) => {
  const t = useTranslate();
  if (!error) return <>{children}</>;
  return (
    <Alert
      type="error"
      showIcon
      icon={<AlertIcon type="error" />}
      role="alert"
      message={errorText(error.message)}
      action={
        <Button size="small" onClick={retry}>
          {t('app.retry')}
        </Button>
      }
    />
  );
};
