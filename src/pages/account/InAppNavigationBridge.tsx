import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setInAppNavigate } from '../../providers/inAppNavigation';

/** Lends the router's navigate to links rendered outside it (toasts); see inAppNavigation.ts. */
export const InAppNavigationBridge = () => {
  const navigate = useNavigate();
  useEffect(() => {
    setInAppNavigate((to, options) => navigate(to, options));
    return () => setInAppNavigate(null);
  }, [navigate]);
  return null;
};
