import { useInvalidateAuthStore } from '@refinedev/core';
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
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void invalidateAuth().then(() => navigate(LOGIN_ROUTE, { replace: true }));
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, invalidateAuth]);
  return null;
};
