import { describe, expect, it } from 'vitest';
import { API, PUBLIC_ENDPOINTS, isPublicEndpoint, type Endpoint } from '../../src/domain/apiPaths';
import { ENDPOINT_PERMISSIONS, PERMISSIONS, PERMISSION_NAMES, can, isPermission, type Permission } from '../../src/domain/permissions';
import { PROFILES, type Profile } from '../../src/domain/profiles';
import { ptBRManagement } from '../../src/i18n/pt-BR.management';

/** Every endpoint of the API table with its dotted name ("share.list"), generated so none is forgotten. */
const flatten = (node: unknown, prefix = ''): [string, Endpoint][] => {
  const n = node as Record<string, unknown>;
  if (typeof n.method === 'string' && typeof n.path === 'string') return [[prefix, n as unknown as Endpoint]];
  return Object.entries(n).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
};
const ENDPOINTS = flatten(API);
const sig = (e: Endpoint) => `${e.method} ${e.path}`;

/** SPEC §7, every call as listed there, plus GET /health and GET /ready (issue 12) from the issues. */
const SPEC_CALLS = `
POST /user/login|GET /user/list|POST /user/change_password|POST /user/auth_change_password|POST /user/verify_username
POST /user/verify_auth_code|POST /user/send_auth_code|GET /bank/list|GET /bank/list_brazilian_banks|POST /bank/save
POST /auction/create|POST /auction/next_step|POST /auction/cancel|POST /auction/remove_file|POST /auction/add_file
GET /auction/info|GET /auction/status_history|GET /auction/pricing_list|POST /auction/save_config|GET /auction/list
GET /auction/list_additional_files|POST /storage/upload_initialize|POST /storage/upload_finalize|POST /storage/generate_link
GET /share/get|GET /share/status_get|GET /share/list|GET /share/canceled_list|GET /share/canceled_reason_list
GET /share/transfer_list|POST /share/transfer_responsible_save|GET /share/cancellation_history|GET /idwall/get_report
GET /share/signers_status|POST /share/get_history|GET /person/list|POST /person/save|POST /person/delete|GET /company/get
POST /company/save|POST /actions/start_sale|POST /actions/set_paid|POST /actions/cancel_sale|POST /actions/set_transfer
POST /actions/transfer_in_bulk|POST /actions/share_send_autoservice|POST /actions/release_proposals|POST /actions/proof_attach
GET /proposal/list|GET /proposal/selected_get|POST /proposal/select|GET /proposal/transfer_information
GET /proposal/contract_files|PUT /proposal/edit_price|GET /proposal/payment_information|GET /white_label/get
GET /adm_config/get|GET /player/list|GET /player/list_files|GET /player/list_file_types|POST /player/send_player_file
GET /fund/list|GET /health|GET /ready`
  .split(/[|\n]/)
  .map((s) => s.trim())
  .filter(Boolean);

/** Issue 11's extensions of SPEC §7, in its naming style: sessions and management. */
const MANAGEMENT_CALLS = `
POST /user/logout|GET /user/get|POST /user/create|POST /user/update|POST /user/disable|POST /user/enable|POST /user/send_reset
GET /administrator/list|GET /administrator/get|POST /administrator/create|POST /administrator/update
GET /fund/get|POST /fund/create|POST /fund/update|POST /fund/disable|POST /fund/enable
GET /player/get|POST /player/create|POST /player/update|POST /player/disable|POST /player/enable`
  .split(/[|\n]/)
  .map((s) => s.trim())
  .filter(Boolean);

/**
 * Issue 12's: a pricing run whose background job ran out of retries is processed again. Issue 13's:
 * each share of an auction with the price it got.
 */
const JOB_CALLS = ['POST /auction/pricing_retry', 'GET /auction/share_results'];

/** Issue 13's: the administrators the user's shares may be of, for the lists' Administradora filter. */
const LIST_CALLS = ['GET /share/administrator_options'];

/** Issue 18's: each list as CSV or XLSX, beside its list call. */
const EXPORT_CALLS = [
  'POST /share/list_export',
  'POST /share/transfer_list_export',
  'POST /share/canceled_list_export',
  'POST /share/with_pendency_list_export',
  'POST /auction/list_export',
  'POST /auction/share_results_export',
  'POST /user/list_export',
  'POST /fund/list_export',
  'POST /player/list_export',
  'POST /player/list_files_export',
  'POST /administrator/list_export',
];
/** Issue 18's: each user's saved views and the columns its lists hide. */
const VIEW_CALLS = ['GET /view/list', 'GET /view/get', 'POST /view/create', 'POST /view/update', 'POST /view/delete', 'GET /view/columns_list', 'POST /view/columns_save'];
/** Issue 15's: pendencies as records. */
const PENDENCY_CALLS = ['GET /share/with_pendency_list', 'GET /share/pendency_list', 'POST /share/pendency_open', 'POST /share/pendency_add_ticket', 'POST /share/pendency_register_payment', 'POST /share/pendency_clear'];

/** Issue 18's: the status tabs' counts and the dashboard. */
const DASHBOARD_CALLS = ['GET /share/state_counts', 'GET /dashboard/summary'];
/** Issue 16's: the cancellation reasons managed by operators. */
const CANCEL_REASON_CALLS = ['GET /cancel_reason/list', 'GET /cancel_reason/get', 'POST /cancel_reason/create', 'POST /cancel_reason/update', 'POST /cancel_reason/disable', 'POST /cancel_reason/enable'];
/** Issue 18's audit trail (the list and its user filter) and live updates. */
const AUDIT_LIVE_CALLS = ['GET /audit/list', 'GET /audit/user_options', 'GET /live/events'];

/** Calls that need no permission: the public ones, the account flows that run before a session, and logout (any session may end itself). */
const NO_PERMISSION = [
  API.user.login,
  API.config.whiteLabelGet,
  API.health,
  API.ready,
  API.user.changePassword,
  API.user.authChangePassword,
  API.user.verifyUsername,
  API.user.verifyAuthCode,
  API.user.sendAuthCode,
  API.user.logout,
];

describe('the API table', () => {
  it('holds exactly the calls of SPEC §7 plus /health, /ready and every extension (issues 11–18), each once', () => {
    const sigs = ENDPOINTS.map(([, e]) => sig(e));
    expect(new Set(sigs).size).toBe(sigs.length);
    expect([...sigs].sort()).toEqual([...SPEC_CALLS, ...MANAGEMENT_CALLS, ...JOB_CALLS, ...LIST_CALLS, ...EXPORT_CALLS, ...VIEW_CALLS, ...DASHBOARD_CALLS, ...AUDIT_LIVE_CALLS, ...PENDENCY_CALLS, ...CANCEL_REASON_CALLS].sort());
  });

  it('public endpoints are login, white label, health, readiness and the password-recovery flow', () => {
    const recovery = [API.user.verifyUsername, API.user.sendAuthCode, API.user.verifyAuthCode, API.user.authChangePassword];
    expect(PUBLIC_ENDPOINTS.map(sig).sort()).toEqual(
      ['GET /health', 'GET /ready', 'GET /white_label/get', 'POST /user/login', ...recovery.map(sig)].sort(),
    );
    for (const [name, e] of ENDPOINTS) {
      expect(isPublicEndpoint(e), name).toBe([API.user.login, API.config.whiteLabelGet, API.health, API.ready, ...recovery].includes(e));
    }
    // Changing the password in a session is not public.
    expect(isPublicEndpoint(API.user.changePassword)).toBe(false);
    expect(isPublicEndpoint({ method: 'GET', path: '/user/login' })).toBe(false);
    expect(isPublicEndpoint({ method: 'POST', path: '/user/login' })).toBe(true);
  });
});

describe('ENDPOINT_PERMISSIONS', () => {
  it('every entry names a real permission and a real endpoint', () => {
    const all = new Set(ENDPOINTS.map(([, e]) => e));
    for (const [endpoint, permission] of ENDPOINT_PERMISSIONS) {
      expect(all.has(endpoint), sig(endpoint)).toBe(true);
      expect(isPermission(permission), permission).toBe(true);
      expect(PERMISSION_NAMES).toContain(permission);
    }
  });

  it.each(ENDPOINTS.filter(([, e]) => !NO_PERMISSION.includes(e)))('%s needs a permission', (_, endpoint) => {
    expect(ENDPOINT_PERMISSIONS.get(endpoint)).toBeDefined();
  });

  it.each(ENDPOINTS.filter(([, e]) => NO_PERMISSION.includes(e)))('%s (public or pre-session) needs none', (_, endpoint) => {
    expect(ENDPOINT_PERMISSIONS.has(endpoint)).toBe(false);
  });

  it('every permission guards at least one endpoint, so the server enforces each of them', () => {
    const used = new Set(ENDPOINT_PERMISSIONS.values());
    const unused = PERMISSION_NAMES.filter((p) => !used.has(p));
    expect(unused).toEqual([]);
  });

  it('the list routes use the list permissions (DESIGN §4)', () => {
    expect(ENDPOINT_PERMISSIONS.get(API.share.list)).toBe('share.list');
    expect(ENDPOINT_PERMISSIONS.get(API.share.transferList)).toBe('share.transfer_list');
    expect(ENDPOINT_PERMISSIONS.get(API.share.administratorOptions)).toBe('share.list');
    expect(ENDPOINT_PERMISSIONS.get(API.share.canceledList)).toBe('share.canceled_list');
  });
});

describe('can (the one permission matrix, DESIGN §4)', () => {
  it.each([
    ['operator', 'user.list', true],
    // An administrator lists and manages its own brand's users (the server scopes them).
    ['adm', 'user.list', true],
    ['adm', 'user.manage', true],
    ['fund', 'user.manage', false],
    ['adm', 'administrator.manage', false],
    ['operator', 'administrator.manage', true],
    ['adm', 'fund.manage', false],
    ['adm', 'player.manage', false],
    ['fund', 'user.list', false],
    ['operator', 'share.start_sale', true],
    ['adm', 'share.start_sale', false],
    ['fund', 'share.start_sale', false],
    ['operator', 'share.set_transfer', true],
    ['adm', 'share.set_transfer', true],
    ['fund', 'share.set_transfer', false],
    ['adm', 'share.set_paid', true],
    ['fund', 'share.cancel_sale', false],
    ['adm', 'auction.write', true],
    ['fund', 'auction.write', false],
    ['adm', 'document.read', true],
    ['fund', 'document.read', true],
    ['fund', 'document.upload', true],
    ['fund', 'proposal.select', true],
    ['fund', 'proposal.edit_price', false],
    ['fund', 'share.list', true],
    ['fund', 'share.transfer_list', true],
    ['fund', 'share.canceled_list', false],
    ['adm', 'player.list', false],
    ['operator', 'player.files', true],
    ['fund', 'person.write', false],
    ['adm', 'person.write', true],
  ] as [Profile, Permission, boolean][])('%s may %s: %s', (profile, permission, expected) => {
    expect(can({ profile }, permission)).toBe(expected);
  });

  it('the operator may do everything', () => {
    for (const p of PERMISSION_NAMES) expect(can({ profile: 'operator' }, p), p).toBe(true);
  });

  it('the fund is read-only but for proposals, documents and its own saved views', () => {
    const isRead = (p: string) => /\.(read|list|history)$|_list$/.test(p);
    const writes = PERMISSION_NAMES.filter((p) => can({ profile: 'fund' }, p) && !isRead(p));
    // view.own writes the user's own settings (issue 18), never the shares' data.
    for (const p of writes) expect(p, p).toMatch(/^(proposal|document)\.|^view\.own$/);
  });

  it('no profile means no permission at all', () => {
    for (const p of PERMISSION_NAMES) expect(can({ profile: null }, p), p).toBe(false);
  });

  it.each(PROFILES)('deniedPermissions removes a granted permission from %s and nothing else', (profile) => {
    const granted = PERMISSION_NAMES.filter((p) => can({ profile }, p));
    expect(granted.length).toBeGreaterThan(0);
    for (const denied of granted) {
      const who = { profile, deniedPermissions: [denied] };
      expect(can(who, denied)).toBe(false);
      for (const other of granted.filter((p) => p !== denied)) expect(can(who, other)).toBe(true);
    }
  });

  it('denying an unknown or non-granted permission changes nothing; null/empty lists deny nothing', () => {
    expect(can({ profile: 'adm', deniedPermissions: ['user.list', 'nonsense'] }, 'share.list')).toBe(true);
    expect(can({ profile: 'adm', deniedPermissions: null }, 'share.list')).toBe(true);
    expect(can({ profile: 'adm', deniedPermissions: [] }, 'share.list')).toBe(true);
    expect(can({ profile: 'adm', deniedPermissions: ['user.list'] }, 'user.list')).toBe(false);
  });

  it('every permission grants at least the operator and only known profiles', () => {
    for (const [name, profiles] of Object.entries(PERMISSIONS)) {
      expect(profiles, name).toContain('operator');
      for (const p of profiles) expect(PROFILES, name).toContain(p);
    }
  });

  it('isPermission', () => {
    expect(isPermission('share.list')).toBe(true);
    expect(isPermission('share.delete')).toBe(false);
    expect(isPermission(undefined)).toBe(false);
  });

  it.each(['nonsense', 'toString', 'constructor', ''])('can answers false, without throwing, for an unknown permission name %j', (name) => {
    expect(() => can({ profile: 'operator' }, name as Permission)).not.toThrow();
    expect(can({ profile: 'operator' }, name as Permission)).toBe(false);
  });

  it.each(['toString', 'constructor', 'hasOwnProperty', '__proto__'])('isPermission refuses the inherited object key %s', (name) => {
    expect(isPermission(name)).toBe(false);
  });
});

describe('names people read', () => {
  it.each(PERMISSION_NAMES.map((p) => [p] as const))('%s has its Portuguese name in the user form’s permission list', (permission) => {
    const name = permission.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], ptBRManagement.permissions);
    expect(typeof name).toBe('string');
    expect(name as string).not.toMatch(/^[a-z_.]+$/);
  });
});
