/**
 * The hooks of src/hooks/useApi.ts through a real <Refine> and the app's data provider: a named call
 * is cached under its record's Refine key, a write refetches that record, and errors reach the
 * notification provider as one toast.
 */
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApiList, useApiQuery, useApiWrite } from '../../src/hooks/useApi';
import { createDataProvider } from '../../src/providers/dataProvider';
import { errorText } from '../../src/providers/notificationProvider';
import { signIn } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi } from './workspaceApi';

describe('useApi hooks', () => {
  it('reads a named call, and a write on the same record refetches it once it succeeds', async () => {
    signIn('operator');
    let version = 1;
    const api = fakeApi({
      'GET /share/get': () => ({ status: 200, data: { contractNumber: 'ACM-1', version } }),
      'GET /person/list': { status: 200, data: { data: [{ personId: 'p-1' }] } },
      'POST /company/save': () => {
        version = 2;
        return { status: 200, data: {} };
      },
    });
    const { result } = renderHook(
      () => ({
        share: useApiQuery<{ version: number }>('share.get', { contractNumber: 'ACM-1' }, { resource: 'shares', id: 'ACM-1' }),
        persons: useApiList<{ personId: string }>('person.list', { contractNumber: 'ACM-1' }, { resource: 'shares', id: 'ACM-1' }),
        save: useApiWrite({ endpoint: 'company.save', success: 'workspace.company.saved', resource: 'shares', id: 'ACM-1' }),
      }),
      { wrapper: TestWrapper({ dataProvider: createDataProvider(api.client) }) },
    );
    await waitFor(() => expect(result.current.share.data?.version).toBe(1));
    expect(result.current.persons.list).toEqual([{ personId: 'p-1' }]);
    expect(api.called('GET', '/share/get')[0].params).toEqual({ contractNumber: 'ACM-1' });

    await act(() => result.current.save.mutateAsync({ contractNumber: 'ACM-1' }));
    // Still pending until the record was read again: the page never shows the old share as the new one.
    expect(result.current.share.data?.version).toBe(2);
    expect(api.called('GET', '/share/get')).toHaveLength(2);
    expect(api.called('GET', '/person/list')).toHaveLength(2);
  });

  it('toasts a refused write once, in Portuguese, unless the caller shows it itself', async () => {
    signIn('operator');
    const api = fakeApi({ 'POST /bank/save': { status: 409, data: { message: 'Share not found' } } });
    const { result } = renderHook(
      () => ({
        loud: useApiWrite({ endpoint: 'bank.save' }),
        quiet: useApiWrite({ endpoint: 'bank.save', silentErrors: () => true }),
      }),
      { wrapper: TestWrapper({ dataProvider: createDataProvider(api.client) }) },
    );
    await act(() => result.current.quiet.mutateAsync({}).catch(() => undefined));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => result.current.loud.mutateAsync({}).catch(() => undefined));
    expect(await screen.findAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(errorText('Share not found'));
  });

  it('sends one Idempotency-Key until the write succeeds', async () => {
    signIn('operator');
    let attempts = 0;
    const api = fakeApi({ 'POST /actions/set_paid': () => (++attempts === 1 ? { status: 503, data: { message: 'Service unavailable' } } : { status: 200, data: {} }) });
    const { result } = renderHook(() => useApiWrite({ endpoint: 'actions.setPaid', idempotent: true, silentErrors: () => true }), {
      wrapper: TestWrapper({ dataProvider: createDataProvider(api.client) }),
    });
    await act(() => result.current.mutateAsync({ shareId: 's' }).catch(() => undefined));
    await act(() => result.current.mutateAsync({ shareId: 's' }));
    await act(() => result.current.mutateAsync({ shareId: 's' }));
    const keys = api.calls.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
