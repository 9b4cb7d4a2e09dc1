/** A share opens at /cotas/:contractNumber (DESIGN §4). Kept apart so lists link here without loading the workspace. */
export const WORKSPACE_ROUTE = '/cotas/:contractNumber';
export const workspacePath = (contractNumber: string): string => `/cotas/${encodeURIComponent(contractNumber)}`;
