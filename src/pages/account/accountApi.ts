/**
 * The account calls of SPEC §7 User, through the data provider (useApiCall): the forgotten and expired
 * password steps run before a session exists and show their errors on their own form, so they are
 * imperative calls (no cache, no toast, no authProvider.onError, which would send a 401 to the login).
 */
import type { SendAuthCodeResponse, VerifyUsernameResponse } from '../../domain/account';
import { useApiCall } from '../../hooks/useApi';

export const useAccountApi = () => {
  const call = useApiCall();
  return {
    changePassword: (body: { oldPassword: string; newPassword: string; firstAccess: boolean }) => call<{ token?: string } | null>('user.changePassword', body),
    authChangePassword: (body: { publicId: string; newPassword: string }) => call<unknown>('user.authChangePassword', body),
    verifyUsername: (username: string) => call<VerifyUsernameResponse>('user.verifyUsername', { username }),
    sendAuthCode: (publicId: string) => call<SendAuthCodeResponse>('user.sendAuthCode', { publicId }),
    verifyAuthCode: (publicId: string, code: string) => call<unknown>('user.verifyAuthCode', { publicId, code }),
  };
};
