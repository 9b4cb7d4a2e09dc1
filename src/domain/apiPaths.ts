/**
 * Every call of SPEC §7, with its method. The server registers its routes from this table and the
 * web app builds its requests from it, so a path cannot drift between the two.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT';
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
    transferResponsibleSave: post('/share/transfer_responsible_save'),
    cancellationHistory: get('/share/cancellation_history'),
    signersStatus: get('/share/signers_status'),
    getHistory: post('/share/get_history'),
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
  },
  fund: {
    list: get('/fund/list'),
    get: get('/fund/get'),
    create: post('/fund/create'),
    update: post('/fund/update'),
    disable: post('/fund/disable'),
    enable: post('/fund/enable'),
  },
  /** Brands: an administrator with its white label and its own settings (issue 11). */
  administrator: {
    list: get('/administrator/list'),
    get: get('/administrator/get'),
    create: post('/administrator/create'),
    update: post('/administrator/update'),
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
