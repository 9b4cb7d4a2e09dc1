/**
 * Calls of the share workspace, built from the API table (src/domain/apiPaths.ts). GET sends its
 * payload as query parameters; POST and PUT as the JSON body. Errors become Refine HttpErrors
 * ({ message, statusCode, errors }) so the notification provider applies the SPEC §8 catalogue.
 */
import type { HttpError } from '@refinedev/core';
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { Endpoint } from '../domain';
import { toHttpError } from '../providers/httpError';

export type Payload = Record<string, unknown>;

export const callApi = async <T>(client: AxiosInstance, endpoint: Endpoint, payload?: Payload, config: AxiosRequestConfig = {}): Promise<T> => {
  try {
    const { data } =
      endpoint.method === 'GET'
        ? await client.get<T>(endpoint.path, { ...config, params: payload })
        : await client.request<T>({ ...config, method: endpoint.method, url: endpoint.path, data: payload ?? {} });
    return data;
  } catch (e) {
    throw toHttpError(e);
  }
};

/** Lists answer `{ data, ... }` (DESIGN §3). */
export const listOf = <T>(body: { data?: T[] } | null | undefined): T[] => (Array.isArray(body?.data) ? body.data : []);

export const isHttpError = (e: unknown): e is HttpError => !!e && typeof e === 'object' && 'statusCode' in e;

export const statusOf = (e: unknown): number | undefined => (isHttpError(e) ? e.statusCode : undefined);
