/**
 * Writes of the workspace: the share actions and the section saves. After a success it shows a
 * toast and invalidates the share's workspace queries and the Refine share lists, so the lists and
 * the workspace show the result without a reload. Errors go to the notification provider, which
 * turns the server's English message into the SPEC §8 Portuguese text.
 */
import { useInvalidate, useNotification, useTranslate, type HttpError } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { API, type Endpoint, type ShareAction } from '../domain';
import { callApi, type Payload } from './api';
import { useHttp } from './HttpContext';
import { workspaceKey } from './useShareWorkspace';

export const ACTION_ENDPOINTS: Record<ShareAction, Endpoint> = {
  start_sale: API.actions.startSale,
  share_send_autoservice: API.actions.shareSendAutoservice,
  set_transfer: API.actions.setTransfer,
  set_paid: API.actions.setPaid,
  cancel_sale: API.actions.cancelSale,
  release_proposals: API.actions.releaseProposals,
  transfer_in_bulk: API.actions.transferInBulk,
  proof_attach: API.actions.proofAttach,
};

/** The Refine resources whose rows a move can change. */
export const SHARE_LIST_RESOURCES = ['shares', 'pendencies', 'transfers', 'canceledShares'] as const;

/** Invalidates the Refine share lists (and the workspace of one share, when given). */
export const useRefreshShares = () => {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return useCallback(
    async (contractNumber?: string) => {
      await Promise.all([
        ...(contractNumber ? [queryClient.invalidateQueries({ queryKey: workspaceKey(contractNumber) })] : []),
        ...SHARE_LIST_RESOURCES.map((resource) => invalidate({ resource, invalidates: ['list', 'detail'] })),
      ]);
    },
    [invalidate, queryClient],
  );
};

export interface WriteOptions {
  endpoint: Endpoint;
  /** i18n key of the success toast. */
  successKey: string;
  /** Values of the success toast, from what was sent (the document type attached). */
  successParams?: (payload: Payload, t: (key: string) => string) => Record<string, string>;
  /** The share whose workspace must refetch. */
  contractNumber?: string;
  /** Moves change the lists too; section saves usually do not. */
  refreshLists?: boolean;
  /** Keep quiet about errors (the caller shows them on its form). */
  silentErrors?: (error: HttpError) => boolean;
  /**
   * Sends an Idempotency-Key: the same key until a call succeeds, so a retried or double-clicked
   * move is applied once by the server.
   */
  idempotent?: boolean;
}

const newKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const useApiWrite = <T = unknown>({ endpoint, successKey, successParams, contractNumber, refreshLists = false, silentErrors, idempotent = false }: WriteOptions) => {
  const client = useHttp();
  const key = useRef<string | null>(null);
  const t = useTranslate();
  const { open } = useNotification();
  const queryClient = useQueryClient();
  const refresh = useRefreshShares();
  return useMutation<T, HttpError, Payload>({
    mutationFn: (payload) => {
      if (!idempotent) return callApi<T>(client, endpoint, payload);
      key.current ??= newKey();
      return callApi<T>(client, endpoint, payload, { headers: { 'Idempotency-Key': key.current } });
    },
    onSuccess: async (_data, payload) => {
      key.current = null;
      open?.({ type: 'success', message: t(successKey, successParams?.(payload, t)) });
      if (refreshLists) await refresh(contractNumber);
      else if (contractNumber) await queryClient.invalidateQueries({ queryKey: workspaceKey(contractNumber) });
    },
    onError: (error) => {
      // 422: the key was already spent on a request with other data (the server refused to answer the
      // old result for the new data); the next attempt is a new request.
      if (error.statusCode === 422) key.current = null;
      if (silentErrors?.(error)) return;
      open?.({ type: 'error', message: t('errors.title'), description: error.message });
    },
  });
};

/** A refusal that names its fields: the form shows it on them, no toast on top. */
export const hasFieldErrors = (error: HttpError): boolean => Object.keys(error.errors ?? {}).length > 0;

/** The toast of an attached document names it ("Documento anexado: Cartão CNPJ."), not a generic proof. */
const SUCCESS_PARAMS: Partial<Record<ShareAction, WriteOptions['successParams']>> = {
  proof_attach: (payload, t) => ({ type: typeof payload.documentType === 'string' ? t(`documentType.${payload.documentType}`) : t('documentType.other') }),
};

/** One share action (SPEC §7 Actions): POST its call, toast, refetch share, history and lists. */
export const useShareAction = (action: ShareAction, contractNumber?: string, { silentErrors }: Pick<WriteOptions, 'silentErrors'> = {}) =>
  useApiWrite({
    endpoint: ACTION_ENDPOINTS[action],
    successKey: `workspace.actions.done.${action}`,
    successParams: SUCCESS_PARAMS[action],
    contractNumber,
    refreshLists: true,
    idempotent: true,
    silentErrors,
  });
