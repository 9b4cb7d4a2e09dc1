import type { AxiosInstance } from 'axios';
import { apiPathOfUrl, eventOfRequest } from '../domain';
import { analytics as appAnalytics, type Analytics } from './analytics';

/**
 * Every successful call of SPEC §7 that changes something becomes an action event named by its
 * endpoint (`share_send_autoservice`, `person_save`); a successful login becomes `login`. Only the
 * endpoint goes along, never the request body: bodies carry CPFs, names and bank accounts.
 */
export const trackRequestActions = (instance: AxiosInstance, analytics: Analytics = appAnalytics): void => {
  if (!analytics.enabled) return;
  instance.interceptors.response.use((response) => {
    const { method, url, baseURL } = response.config;
    const event = eventOfRequest(method, url, baseURL);
    if (event && url) analytics.track(event, { endpoint: apiPathOfUrl(url, baseURL) });
    return response;
  });
};
