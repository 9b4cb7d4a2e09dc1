import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/providers/dataProvider';
import { signIn } from './helpers';
import { fakeApi } from './workspaceApi';

describe('dataProvider writes', () => {
  it('creates with the input as the body and passes the answer on as it came', async () => {
    const answer = { user: { userId: 'u-9', name: 'Carla' }, temporaryPassword: 'Tmp#4821xy' };
    const api = fakeApi({ 'POST /user/create': { status: 200, data: answer } });
    const result = await createDataProvider(api.client).create({ resource: 'users', variables: { name: 'Carla', email: 'c@a.com', profile: 'adm', admId: 1 } });
    expect(result).toEqual({ data: answer });
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/user/create', body: { name: 'Carla', email: 'c@a.com', profile: 'adm', admId: 1 } });
  });

  it('updates with the id field (a number where the server counts them) and the changed fields', async () => {
    const api = fakeApi({
      'POST /fund/update': { status: 200, data: { fundId: 7, name: 'Fundo Beta' } },
      'POST /user/update': { status: 200, data: { userId: 'u-9' } },
    });
    const provider = createDataProvider(api.client);
    expect(await provider.update({ resource: 'funds', id: '7', variables: { name: 'Fundo Beta', fundId: 99 } })).toEqual({ data: { fundId: 7, name: 'Fundo Beta' } });
    expect(api.calls[0]).toMatchObject({ path: '/fund/update', body: { fundId: 7, name: 'Fundo Beta' } });
    await provider.update({ resource: 'users', id: 'u-9', variables: { deniedPermissions: ['share.cancel_sale'] } });
    expect(api.calls[1]).toMatchObject({ path: '/user/update', body: { userId: 'u-9', deniedPermissions: ['share.cancel_sale'] } });
  });

  it('sends a record action named by resource and action, with only the id', async () => {
    const api = fakeApi({
      'POST /player/disable': { status: 200, data: { playerId: 3, enabled: false } },
      'POST /user/send_reset': { status: 200, data: { maskedEmail: 'c***a@a***.com' } },
    });
    const provider = createDataProvider(api.client);
    const disabled = await provider.custom!({ url: '/ignored', method: 'post', payload: { playerId: 1 }, meta: { resource: 'players', action: 'disable', id: '3' } });
    expect(disabled).toEqual({ data: { playerId: 3, enabled: false } });
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/player/disable', body: { playerId: 3 } });
    expect(await provider.custom!({ url: '', method: 'post', meta: { resource: 'users', action: 'sendReset', id: 'u-9' } })).toEqual({ data: { maskedEmail: 'c***a@a***.com' } });
    expect(api.calls[1]).toMatchObject({ path: '/user/send_reset', body: { userId: 'u-9' } });
  });

  it('refuses an action the resource does not declare, and any bare URL', async () => {
    const api = fakeApi({});
    const provider = createDataProvider(api.client);
    await expect(provider.custom!({ url: '', method: 'post', meta: { resource: 'administrators', action: 'disable', id: '1' } })).rejects.toMatchObject({ message: 'Invalid action: administrators.disable' });
    await expect(provider.custom!({ url: '/share/list', method: 'get' })).rejects.toMatchObject({ statusCode: 0 });
    await expect(provider.create({ resource: 'shares', variables: {} })).rejects.toMatchObject({ message: 'Invalid resource: shares' });
    expect(api.calls).toHaveLength(0);
  });

  it('turns a refused write into an HttpError carrying the field errors, for the form to show', async () => {
    const api = fakeApi({ 'POST /administrator/create': { status: 400, data: { message: 'Invalid labelId', errors: { labelId: 'Invalid labelId', 'colors.primary': 'Invalid colour' } } } });
    await expect(createDataProvider(api.client).create({ resource: 'administrators', variables: { labelId: 'demo-x' } })).rejects.toEqual({
      message: 'Invalid labelId',
      statusCode: 400,
      errors: { labelId: 'Invalid labelId', 'colors.primary': 'Invalid colour' },
    });
  });
});

describe('dataProvider named calls (src/hooks/useApi.ts)', () => {
  it('sends a call named from the API table: GET with the query as parameters, POST with the payload as body and the headers given', async () => {
    const api = fakeApi({
      'GET /share/get': { status: 200, data: { contractNumber: 'ACM-1' } },
      'POST /actions/set_paid': { status: 200, data: { ok: true } },
    });
    const provider = createDataProvider(api.client);
    expect(await provider.custom!({ url: '/share/get', method: 'get', query: { contractNumber: 'ACM-1' }, meta: { endpoint: 'share.get' } })).toEqual({ data: { contractNumber: 'ACM-1' } });
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/share/get', params: { contractNumber: 'ACM-1' } });
    await provider.custom!({ url: '/actions/set_paid', method: 'post', payload: { shareId: 's-1' }, headers: { 'Idempotency-Key': 'k-1' }, meta: { endpoint: 'actions.setPaid' } });
    expect(api.calls[1]).toMatchObject({ method: 'POST', path: '/actions/set_paid', body: { shareId: 's-1' } });
    expect(api.calls[1].headers['Idempotency-Key']).toBe('k-1');
  });

  it('refuses a name the table does not hold, or one that disagrees with the URL and method sent', async () => {
    const api = fakeApi({});
    const provider = createDataProvider(api.client);
    for (const endpoint of ['share.nothing', 'share', 'share.get.x', '/share/get', 'constructor', 'share.toString', 42]) {
      await expect(provider.custom!({ url: '/share/get', method: 'get', meta: { endpoint } })).rejects.toMatchObject({ statusCode: 0, message: `Invalid endpoint: ${String(endpoint)}` });
    }
    // Refine merges the page's URL parameters into meta: `?endpoint=user.create` must not turn a call into another.
    await expect(provider.custom!({ url: '/share/get', method: 'get', meta: { endpoint: 'user.create' } })).rejects.toMatchObject({ statusCode: 0 });
    await expect(provider.custom!({ url: '/user/create', method: 'get', meta: { endpoint: 'user.create' } })).rejects.toMatchObject({ statusCode: 0 });
    expect(api.calls).toHaveLength(0);
  });

  it('turns a refused named call into the same HttpError as a resource call', async () => {
    const api = fakeApi({ 'POST /bank/save': { status: 400, data: { message: 'Invalid agency', errors: { agency: 'Invalid agency' } } } });
    await expect(createDataProvider(api.client).custom!({ url: '/bank/save', method: 'post', payload: {}, meta: { endpoint: 'bank.save' } })).rejects.toEqual({
      message: 'Invalid agency',
      statusCode: 400,
      errors: { agency: 'Invalid agency' },
    });
  });

  it('PUTs an upload part to its signed URL without the bearer token and answers its etag', async () => {
    signIn('operator');
    const api = fakeApi({ 'PUT /storage/part/f-1/1': { status: 200, data: { etag: '"e-1"' } } });
    const provider = createDataProvider(api.client);
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    expect(await provider.custom!({ url: '/storage/part/f-1/1?sig=x', method: 'put', payload: bytes, headers: { 'x-content-sha256': 'abc' }, meta: { uploadPart: {} } })).toEqual({ data: { etag: '"e-1"' } });
    expect(api.calls[0].headers).toMatchObject({ 'x-content-sha256': 'abc', 'Content-Type': 'application/octet-stream' });
    expect(api.calls[0].headers).not.toHaveProperty('Authorization');
    await expect(provider.custom!({ url: 'javascript:alert(1)', method: 'put', payload: bytes, meta: { uploadPart: {} } })).rejects.toMatchObject({ statusCode: 0 });
    await expect(provider.custom!({ url: '//evil.example/part', method: 'put', payload: bytes, meta: { uploadPart: {} } })).rejects.toMatchObject({ statusCode: 0 });
    await expect(provider.custom!({ url: '/storage/part/f-1/1', method: 'post', payload: bytes, meta: { uploadPart: {} } })).rejects.toMatchObject({ statusCode: 0 });
  });
});
