/**
 * The flow handle (`publicId`) the login's 401 "Password has expired" carries. It proves the old
 * password was right, so it is kept out of the URL (history, logs, referrers): the toast's link hands
 * it over in the router state, and this tab's sessionStorage keeps it for a reload of the change screen.
 */
const KEY = 'expiredPasswordHandle';

export const rememberExpiredPasswordHandle = (publicId: string): void => {
  try {
    sessionStorage.setItem(KEY, publicId);
  } catch {
    // Storage refused (private mode quotas): the router state still carries the handle.
  }
};

export const readExpiredPasswordHandle = (): string | null => {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
};

export const forgetExpiredPasswordHandle = (): void => {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
};

/** Router state of the change screen. */
export interface ExpiredPasswordState {
  publicId: string;
}
