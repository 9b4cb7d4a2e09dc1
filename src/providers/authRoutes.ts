/** Where signing in and out lead. Apart from the auth provider, so the login shell has them without axios. */
export const HOME_ROUTE = '/listagem';
export const LOGIN_ROUTE = '/';
