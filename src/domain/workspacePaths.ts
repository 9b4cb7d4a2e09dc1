/** A share opens at /cotas/:contractNumber (DESIGN §4). Kept apart so lists link here without loading the workspace. */
export const WORKSPACE_ROUTE = '/cotas/:contractNumber';

/**
 * The workspace's tabs and the words that name them in the URL (`/cotas/123?aba=propostas`), so a
 * link opens the same tab and Back/Forward move between tabs (docs/decisions.md, issue 13). The
 * summary is the share's plain address.
 */
export const WORKSPACE_TABS = {
  summary: 'resumo',
  signers: 'signatarios',
  company: 'empresa',
  bank: 'banco',
  proposals: 'propostas',
  documents: 'documentos',
  risk: 'risco',
  cancellations: 'cancelamentos',
  responsible: 'responsavel',
  pendencies: 'pendencias',
} as const;
export type WorkspaceTab = keyof typeof WORKSPACE_TABS;

/** The query parameter that holds the tab. */
export const TAB_PARAM = 'aba';

/** The tab a URL's `aba` names; the summary for none or a word that is no tab. */
export const tabOfParam = (param: string | null): WorkspaceTab =>
  (Object.keys(WORKSPACE_TABS) as WorkspaceTab[]).find((tab) => WORKSPACE_TABS[tab] === param) ?? 'summary';

export const workspacePath = (contractNumber: string, tab: WorkspaceTab = 'summary'): string =>
  `/cotas/${encodeURIComponent(contractNumber)}${tab === 'summary' ? '' : `?${TAB_PARAM}=${WORKSPACE_TABS[tab]}`}`;
