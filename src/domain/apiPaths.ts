/**
 * Every call of SPEC §7, with its method. The server registers its routes from this table and the
 * web app builds its requests from it, so a path cannot drift between the two.
 */
type HttpMethod = 'GET' | 'POST' | 'PUT';
export interface Endpoint {
  method: HttpMethod;
  path: string;
}

const get = (path: string): Endpoint => ({ method: 'GET', path });
const post = (path: string): Endpoint => ({ method: 'POST', path });
const put = (path: string): Endpoint => ({ method: 'PUT', path });

export const API = {
  health: get('/health'),
  /** Readiness for load balancers and orchestrators (issue 12): database and storage answer, not draining. */
  ready: get('/ready'),
  user: {
    login: post('/user/login'),
    list: get('/user/list'),
    changePassword: post('/user/change_password'),
    authChangePassword: post('/user/auth_change_password'),
    verifyUsername: post('/user/verify_username'),
    verifyAuthCode: post('/user/verify_auth_code'),
    sendAuthCode: post('/user/send_auth_code'),
    // Extensions of SPEC §7 in its naming style (issue 11): sessions and user management.
    logout: post('/user/logout'),
    get: get('/user/get'),
    create: post('/user/create'),
    update: post('/user/update'),
    disable: post('/user/disable'),
    enable: post('/user/enable'),
    sendReset: post('/user/send_reset'),
    /** Issue 18: the list as CSV or XLSX, every row the filters select (POST: the body names the columns). */
    listExport: post('/user/list_export'),
  },
  bank: {
    list: get('/bank/list'),
    listBrazilianBanks: get('/bank/list_brazilian_banks'),
    save: post('/bank/save'),
  },
  auction: {
    create: post('/auction/create'),
    nextStep: post('/auction/next_step'),
    cancel: post('/auction/cancel'),
    removeFile: post('/auction/remove_file'),
    addFile: post('/auction/add_file'),
    info: get('/auction/info'),
    statusHistory: get('/auction/status_history'),
    pricingList: get('/auction/pricing_list'),
    /** A pricing run that ended failed (its background job ran out of retries) starts over. */
    pricingRetry: post('/auction/pricing_retry'),
    saveConfig: post('/auction/save_config'),
    list: get('/auction/list'),
    listAdditionalFiles: get('/auction/list_additional_files'),
    /** Each share of the auction with the price it got (issue 13; not in SPEC §7). */
    shareResults: get('/auction/share_results'),
    /** Issue 18: exports of the auction list and of an auction's price results. */
    listExport: post('/auction/list_export'),
    shareResultsExport: post('/auction/share_results_export'),
  },
  storage: {
    uploadInitialize: post('/storage/upload_initialize'),
    uploadFinalize: post('/storage/upload_finalize'),
    generateLink: post('/storage/generate_link'),
  },
  share: {
    get: get('/share/get'),
    statusGet: get('/share/status_get'),
    list: get('/share/list'),
    canceledList: get('/share/canceled_list'),
    canceledReasonList: get('/share/canceled_reason_list'),
    /** The administrators the user's shares may be of: the options of the lists' Administradora filter (issue 13). */
    administratorOptions: get('/share/administrator_options'),
    transferList: get('/share/transfer_list'),
    /** The share lists' status tabs: the list's total and its count per state, with the other filters (issue 18). */
    stateCounts: get('/share/state_counts'),
    transferResponsibleSave: post('/share/transfer_responsible_save'),
    cancellationHistory: get('/share/cancellation_history'),
    signersStatus: get('/share/signers_status'),
    getHistory: post('/share/get_history'),
    /** Issue 18: each share list as CSV or XLSX, streamed, with the list's own filters, sort and scope. */
    listExport: post('/share/list_export'),
    transferListExport: post('/share/transfer_list_export'),
    canceledListExport: post('/share/canceled_list_export'),
    // Pendencies as records (issue 15; not in SPEC §7, named in its style).
    /** The /pendencias list: shares with a pendency, with what their open pendencies are. */
    withPendencyList: get('/share/with_pendency_list'),
    /** Issue 18: the /pendencias list as CSV or XLSX, its pendency filters, sorts and summary included. */
    withPendencyListExport: post('/share/with_pendency_list_export'),
    /** One share's pendencies, with their tickets and payments. */
    pendencyList: get('/share/pendency_list'),
    pendencyOpen: post('/share/pendency_open'),
    pendencyAddTicket: post('/share/pendency_add_ticket'),
    pendencyRegisterPayment: post('/share/pendency_register_payment'),
    pendencyClear: post('/share/pendency_clear'),
  },
  idwall: {
    getReport: get('/idwall/get_report'),
  },
  person: {
    list: get('/person/list'),
    save: post('/person/save'),
    delete: post('/person/delete'),
  },
  company: {
    get: get('/company/get'),
    save: post('/company/save'),
  },
  actions: {
    startSale: post('/actions/start_sale'),
    setPaid: post('/actions/set_paid'),
    cancelSale: post('/actions/cancel_sale'),
    setTransfer: post('/actions/set_transfer'),
    transferInBulk: post('/actions/transfer_in_bulk'),
    shareSendAutoservice: post('/actions/share_send_autoservice'),
    releaseProposals: post('/actions/release_proposals'),
    proofAttach: post('/actions/proof_attach'),
  },
  proposal: {
    list: get('/proposal/list'),
    selectedGet: get('/proposal/selected_get'),
    select: post('/proposal/select'),
    transferInformation: get('/proposal/transfer_information'),
    contractFiles: get('/proposal/contract_files'),
    editPrice: put('/proposal/edit_price'),
    paymentInformation: get('/proposal/payment_information'),
  },
  config: {
    whiteLabelGet: get('/white_label/get'),
    admConfigGet: get('/adm_config/get'),
  },
  player: {
    list: get('/player/list'),
    listFiles: get('/player/list_files'),
    listFileTypes: get('/player/list_file_types'),
    sendPlayerFile: post('/player/send_player_file'),
    get: get('/player/get'),
    create: post('/player/create'),
    update: post('/player/update'),
    disable: post('/player/disable'),
    enable: post('/player/enable'),
    listExport: post('/player/list_export'),
    listFilesExport: post('/player/list_files_export'),
  },
  fund: {
    list: get('/fund/list'),
    get: get('/fund/get'),
    create: post('/fund/create'),
    update: post('/fund/update'),
    disable: post('/fund/disable'),
    enable: post('/fund/enable'),
    listExport: post('/fund/list_export'),
  },
  /**
   * Cancellation reasons (issue 16): the reasons "Cancelar venda" offers, managed by operators. A
   * disabled reason stays on the sales cancelled with it but is offered for no new cancellation.
   */
  cancelReason: {
    list: get('/cancel_reason/list'),
    get: get('/cancel_reason/get'),
    create: post('/cancel_reason/create'),
    update: post('/cancel_reason/update'),
    disable: post('/cancel_reason/disable'),
    enable: post('/cancel_reason/enable'),
  },
  /** The home page /painel (issue 18): shares per state, step and age, moves per day, pendencies, auctions. */
  dashboard: {
    summary: get('/dashboard/summary'),
  },
  /** Brands: an administrator with its white label and its own settings (issue 11). */
  administrator: {
    list: get('/administrator/list'),
    get: get('/administrator/get'),
    create: post('/administrator/create'),
    update: post('/administrator/update'),
    listExport: post('/administrator/list_export'),
  },
  /**
   * Saved views and the column chooser (issue 18; not in SPEC §7): each user's own, never another's.
   * `columns_save` sets the columns one list hides outside any view.
   */
  view: {
    list: get('/view/list'),
    get: get('/view/get'),
    create: post('/view/create'),
    update: post('/view/update'),
    delete: post('/view/delete'),
    columnsList: get('/view/columns_list'),
    columnsSave: post('/view/columns_save'),
  },
  /** The audit trail (issue 18): every change, filtered and paged, newest first; and who may be filtered by. */
  audit: {
    list: get('/audit/list'),
    userOptions: get('/audit/user_options'),
  },
  /**
   * Live updates (issue 18): a server-sent event stream of the shares that changed, scoped to what the
   * user may see. Any signed-in user; closed by the server when the session ends.
   */
  live: {
    events: get('/live/events'),
  },
} as const;

/**
 * Calls that answer without a bearer token: login, white label, health and readiness, and the forgotten/expired
 * password flow, whose caller by definition has no session (it proves itself with a code or a handle).
 */
export const PUBLIC_ENDPOINTS: readonly Endpoint[] = [
  API.user.login,
  API.config.whiteLabelGet,
  API.health,
  API.ready,
  API.user.verifyUsername,
  API.user.sendAuthCode,
  API.user.verifyAuthCode,
  API.user.authChangePassword,
];

export const isPublicEndpoint = (e: Endpoint): boolean =>
  PUBLIC_ENDPOINTS.some((p) => p.method === e.method && p.path === e.path);

/**
 * A call named by its place in the API table: `'share.get'`, `'auction.nextStep'`, `'health'`. The
 * web app's hooks name calls this way (src/hooks/useApi.ts) and the data provider sends only names
 * it finds here, so no page can call a path the table does not hold.
 */
export type EndpointName = {
  [G in keyof typeof API]: (typeof API)[G] extends Endpoint ? G : `${G}.${keyof (typeof API)[G] & string}`;
}[keyof typeof API];

const isEndpoint = (value: unknown): value is Endpoint =>
  !!value && typeof value === 'object' && typeof (value as Endpoint).path === 'string' && typeof (value as Endpoint).method === 'string';

/** The table's call of that name, or undefined for any other string (so an unchecked name cannot reach the network). */
export const endpointNamed = (name: string): Endpoint | undefined => {
  const [group, call, ...rest] = name.split('.');
  if (rest.length || !Object.hasOwn(API, group)) return undefined;
  const entry: unknown = API[group as keyof typeof API];
  if (call === undefined) return isEndpoint(entry) ? entry : undefined;
  if (isEndpoint(entry) || !Object.hasOwn(entry as object, call)) return undefined;
  const endpoint: unknown = (entry as Record<string, unknown>)[call];
  return isEndpoint(endpoint) ? endpoint : undefined;
};
