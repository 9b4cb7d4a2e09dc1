import type { AxiosInstance } from 'axios';
import { createContext, useContext } from 'react';
import { http } from '../providers/http';

/**
 * The axios instance the workspace calls through: the app's one instance by default (DESIGN §1);
 * component tests put an instance with a fake network adapter here.
 */
export const HttpContext = createContext<AxiosInstance>(http);

export const useHttp = (): AxiosInstance => useContext(HttpContext);
