/** Where signing in and out lead. Apart from the auth provider, so the login shell has them without axios. */
/** Where a login lands: the dashboard, every profile's home (issue 18). */
export const HOME_ROUTE = '/painel';
/** The share list, where "Voltar para a listagem" leads. */
export const SHARE_LIST_ROUTE = '/listagem';
export const LOGIN_ROUTE = '/';
