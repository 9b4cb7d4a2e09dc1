/**
 * The share actions (SPEC §7 Actions) as writes of src/hooks/useApi.ts: a toast, then the share's
 * workspace and the Refine share lists refetch, so both show the result without a reload. Errors go
 * to the notification provider, which turns the server's English message into the SPEC §8 text.
 */
import type { HttpError } from '@refinedev/core';
import { useCallback } from 'react';
import type { ShareAction } from '../domain';
import { useApiInvalidate, useApiWrite, type ApiWriteOptions, type EndpointName } from './useApi';
import { shareRecord } from './useShareWorkspace';

export const ACTION_ENDPOINTS: Record<ShareAction, EndpointName> = {
  start_sale: 'actions.startSale',
  share_send_autoservice: 'actions.shareSendAutoservice',
  set_transfer: 'actions.setTransfer',
  set_paid: 'actions.setPaid',
  cancel_sale: 'actions.cancelSale',
  release_proposals: 'actions.releaseProposals',
  transfer_in_bulk: 'actions.transferInBulk',
  proof_attach: 'actions.proofAttach',
};

/** The Refine resources whose rows a move can change. */
export const SHARE_LIST_RESOURCES = ['shares', 'pendencies', 'transfers', 'canceledShares'] as const;

/** Refetches the Refine share lists (and the workspace of one share, when given). */
export const useRefreshShares = () => {
  const invalidate = useApiInvalidate();
  return useCallback(
    (contractNumber?: string) => invalidate({ ...(contractNumber ? shareRecord(contractNumber) : {}), lists: SHARE_LIST_RESOURCES }),
    [invalidate],
  );
};

/** A refusal that names its fields: the form shows it on them, no toast on top. */
export const hasFieldErrors = (error: HttpError): boolean => Object.keys(error.errors ?? {}).length > 0;

type Success = NonNullable<ApiWriteOptions<unknown>['success']>;

/** The toast of an attached document names it ("Documento anexado: Cartão CNPJ."), not a generic proof. */
const SUCCESS: Partial<Record<ShareAction, Success>> = {
  proof_attach: (_answer, payload, t) =>
    t('workspace.actions.done.proof_attach', { type: typeof payload.documentType === 'string' ? t(`documentType.${payload.documentType}`) : t('documentType.other') }),
};

/** One share action: POST its call with an Idempotency-Key, toast, refetch share, history and lists. */
export const useShareAction = (action: ShareAction, contractNumber?: string, { silentErrors }: Pick<ApiWriteOptions<unknown>, 'silentErrors'> = {}) =>
  useApiWrite({
    endpoint: ACTION_ENDPOINTS[action],
    success: SUCCESS[action] ?? `workspace.actions.done.${action}`,
    ...(contractNumber ? shareRecord(contractNumber) : {}),
    lists: SHARE_LIST_RESOURCES,
    idempotent: true,
    silentErrors,
  });
