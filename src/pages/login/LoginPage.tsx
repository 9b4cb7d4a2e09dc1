import { useLogin } from '@refinedev/core';
import { HOME_ROUTE, type LoginParams } from '../../providers/authProvider';
import { followLoginTo } from '../../providers/loginReads';
import { LoginForm } from './LoginForm';

/**
 * The login route of the signed-in app (shown after a logout or an expired session): Refine signs
 * in, and goes where `?to=` says (else home), whose first reads the login carries (issue 17).
 */
const LoginPage = () => {
  const { mutate, isPending } = useLogin<LoginParams>();
  const login = (form: LoginParams) => mutate({ ...form, follow: followLoginTo(new URLSearchParams(window.location.search).get('to') || HOME_ROUTE) });
  return <LoginForm login={login} pending={isPending} />;
};

export default LoginPage;
