import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ACCOUNT_ROUTES } from '../../domain/account';
import { isFirstAccessPending } from '../../providers/session';

/**
 * Between the session check and the app's pages: while the login's first-access change is pending
 * (the server refuses every other call meanwhile), every page is the password change.
 */
export const FirstAccessGuard = ({ children }: { children: ReactNode }) =>
  isFirstAccessPending() ? <Navigate to={ACCOUNT_ROUTES.firstAccess} replace /> : <>{children}</>;
