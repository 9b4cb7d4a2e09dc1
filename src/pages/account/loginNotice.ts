/**
 * Router state an account screen leaves for the login page: a message to show there and, when
 * known, the e-mail to fill in. Read by LoginPage, so it stays tiny and free of account code.
 */
type LoginNoticeKind = 'passwordChanged';

interface LoginNoticeState {
  notice: LoginNoticeKind;
  email?: string;
}

export const loginNotice = (notice: LoginNoticeKind, email?: string): LoginNoticeState => (email ? { notice, email } : { notice });

export const readLoginNotice = (state: unknown): LoginNoticeState | null => {
  const s = state as Partial<LoginNoticeState> | null | undefined;
  return s && s.notice === 'passwordChanged' ? { notice: s.notice, ...(typeof s.email === 'string' ? { email: s.email } : {}) } : null;
};
