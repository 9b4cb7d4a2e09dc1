import { API_BASE_PATH } from '../domain/constants';

/** Where the API lives: beside the app unless the build says otherwise. Free of axios, for the login shell. */
export const apiBaseUrl = (): string => import.meta.env.VITE_API_URL || API_BASE_PATH;
