import { useInvalidateAuthStore, useTranslate } from '@refinedev/core';
import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_ROUTE } from '../providers/authProvider';
import { setUnauthorizedHandler } from '../providers/http';

/**
 * Lets the axios 401 interceptor navigate inside the app: without it the interceptor falls back to
 * a full page load. The auth queries are invalidated first so `/` does not bounce back to a list.
 */
export const UnauthorizedRedirect = () => {
  const navigate = useNavigate();
  const invalidateAuth = useInvalidateAuthStore();
  const t = useTranslate();
  const { notification } = App.useApp();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      // Say why the login page is back: the session ended, the user did nothing wrong.
      notification.warning({ key: 'session-expired', message: t('auth.sessionExpired') });
      void invalidateAuth().then(() => navigate(LOGIN_ROUTE, { replace: true }));
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, invalidateAuth, notification, t]);
  return null;
};
