/** The account calls of SPEC §7 User, through the app's axios instance (or a test's fake one). */
import type { AxiosInstance } from 'axios';
import { API } from '../../domain';
import type { SendAuthCodeResponse, VerifyUsernameResponse } from '../../domain/account';
import { callApi } from '../../hooks/api';

export const accountApi = (client: AxiosInstance) => ({
  changePassword: (body: { oldPassword: string; newPassword: string; firstAccess: boolean }) =>
    callApi<{ token?: string } | null>(client, API.user.changePassword, body),
  authChangePassword: (body: { publicId: string; newPassword: string }) => callApi<unknown>(client, API.user.authChangePassword, body),
  verifyUsername: (username: string) => callApi<VerifyUsernameResponse>(client, API.user.verifyUsername, { username }),
  sendAuthCode: (publicId: string) => callApi<SendAuthCodeResponse>(client, API.user.sendAuthCode, { publicId }),
  verifyAuthCode: (publicId: string, code: string) => callApi<unknown>(client, API.user.verifyAuthCode, { publicId, code }),
});
