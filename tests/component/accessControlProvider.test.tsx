import { describe, expect, it } from 'vitest';
import { answeredNow, createAccessControlProvider, permissionFor } from '../../src/providers/accessControlProvider';
import { RESOURCES } from '../../src/resources';
import { STORAGE_KEYS } from '../../src/domain';
import { signIn } from './helpers';

const acp = createAccessControlProvider();
const canList = async (resource: string) => (await acp.can({ resource, action: 'list' })).can;
const listable = async () => {
  const out: string[] = [];
  for (const r of RESOURCES) if (await canList(r.name)) out.push(r.name);
  return out;
};

describe('accessControlProvider', () => {
  it('every resource declares the permission its list needs', () => {
    for (const r of RESOURCES) expect(permissionFor(r.name, 'list'), r.name).toBeTruthy();
  });

  it('lets the operator list everything', async () => {
    signIn('operator');
    expect(await listable()).toEqual(['shares', 'pendencies', 'transfers', 'canceledShares', 'auctions', 'funds', 'players', 'playerFiles', 'users', 'administrators', 'cancelReasons', 'audit']);
  });

  it('lets the administrator list shares, pendencies, transfers, canceled shares, funds, its users and its audit trail', async () => {
    signIn('adm');
    expect(await listable()).toEqual(['shares', 'pendencies', 'transfers', 'canceledShares', 'auctions', 'funds', 'users', 'audit']);
  });

  it('lets the fund list its shares, pendencies and transfers only', async () => {
    signIn('fund');
    expect(await listable()).toEqual(['shares', 'pendencies', 'transfers', 'auctions']);
  });

  it('answers for the token stored now, however often the tab switches between sessions', async () => {
    signIn('operator');
    expect(await canList('administrators')).toBe(true);
    signIn('fund');
    expect(await canList('administrators')).toBe(false);
    signIn('operator');
    expect(await canList('administrators')).toBe(true);
    localStorage.setItem(STORAGE_KEYS.token, 'not-a-token');
    expect(await canList('shares')).toBe(false);
  });

  it('removes what the token denies', async () => {
    signIn('operator', { deniedPermissions: ['share.canceled_list', 'user.list', 'player.files'] });
    expect(await listable()).toEqual(['shares', 'pendencies', 'transfers', 'auctions', 'funds', 'players', 'administrators', 'cancelReasons', 'audit']);
  });

  it('denies everything without a session, an unknown resource or an undeclared action', async () => {
    expect(await listable()).toEqual([]);
    signIn('operator');
    expect(await canList('leiloes')).toBe(false);
    expect((await acp.can({ resource: 'funds', action: 'delete' })).can).toBe(false);
  });

  it('gives a page the answer it would give, at once, for the user signed in when asked (issue 17)', async () => {
    const checks: [string | undefined, string][] = [['shares', 'list'], ['shares', 'show'], ['funds', 'create'], ['users', 'list'], [undefined, 'fund.list'], [undefined, 'administrator.manage']];
    for (const profile of ['operator', 'adm', 'fund'] as const) {
      signIn(profile);
      for (const [resource, action] of checks) expect(answeredNow(resource, action).initialData(), `${profile} ${resource}.${action}`).toEqual(await acp.can({ resource, action }));
    }
    const usersList = answeredNow('users', 'list');
    signIn('operator');
    expect(usersList.initialData().can).toBe(true);
    signIn('fund');
    expect(usersList.initialData().can).toBe(false);
  });

  it('reads a bare permission name as the action when there is no resource', async () => {
    signIn('adm');
    expect((await acp.can({ action: 'fund.list' })).can).toBe(true);
    expect((await acp.can({ action: 'administrator.manage' })).can).toBe(false);
  });

  it('answers the record pages and actions each resource declares', async () => {
    signIn('adm');
    // An administrator manages its own brand's users (the server narrows), not funds or brands.
    expect((await acp.can({ resource: 'users', action: 'create' })).can).toBe(true);
    expect((await acp.can({ resource: 'users', action: 'sendReset' })).can).toBe(true);
    expect((await acp.can({ resource: 'funds', action: 'show' })).can).toBe(false);
    expect((await acp.can({ resource: 'administrators', action: 'edit' })).can).toBe(false);
    signIn('operator', { deniedPermissions: ['fund.manage'] });
    expect((await acp.can({ resource: 'players', action: 'disable' })).can).toBe(true);
    expect((await acp.can({ resource: 'funds', action: 'disable' })).can).toBe(false);
    expect((await acp.can({ resource: 'funds', action: 'list' })).can).toBe(true);
    expect((await acp.can({ resource: 'administrators', action: 'disable' })).can).toBe(false);
  });
});
