import { useLogin } from '@refinedev/core';
import type { LoginParams } from '../../providers/authProvider';
import { LoginForm } from './LoginForm';

/** The login route of the signed-in app (shown after a logout or an expired session): Refine signs in. */
const LoginPage = () => {
  const { mutate, isPending } = useLogin<LoginParams>();
  return <LoginForm login={mutate} pending={isPending} />;
};

export default LoginPage;
