import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/providers/dataProvider';
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
