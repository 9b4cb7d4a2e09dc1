/** White-label host resolution (SPEC §9) and the configuration rules of SPEC §6. */

/** First labels that mean the default brand rather than a white label. */
export const DEFAULT_BRAND_HOSTS = ['localhost', 'backoffice', 'backoffice-dev', 'backoffice-stg', 'backoffice-sbx'] as const;
export const LABEL_PREFIXES = ['demo2-', 'demo-', 'caas-', 'localhost-'] as const;
export const LABEL_SUFFIXES = ['-dev', '-stg', '-sbx'] as const;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The white-label id for a host name, or null for the default brand. The host may carry a port.
 * An IP address or an empty host is the default brand too: there is no label to read.
 */
export const labelIdFromHost = (host: string | null | undefined): string | null => {
  const hostname = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/^\[.*\]$/, '');
  if (!hostname || IPV4.test(hostname)) return null;
  const first = hostname.split('.')[0];
  if ((DEFAULT_BRAND_HOSTS as readonly string[]).includes(first)) return null;
  let label = first;
  const prefix = LABEL_PREFIXES.find((p) => label.startsWith(p));
  if (prefix) label = label.slice(prefix.length);
  const suffix = LABEL_SUFFIXES.find((s) => label.endsWith(s));
  if (suffix) label = label.slice(0, -suffix.length);
  return label || null;
};

export interface WhiteLabelColors {
  primary?: string;
  secondary?: string;
  [name: string]: string | undefined;
}

export interface WhiteLabelConfig {
  admId: number;
  labelId: string;
  cnpj: string;
  /** SPEC §3: a digits-only copy of the CNPJ. */
  admIdByCnpj: string;
  configs: { allowMultiprices: boolean; displayDocumentsInBackoffice: boolean };
  favicon: string | null;
  name: string;
  colors: WhiteLabelColors;
}

export const cnpjDigits = (cnpj: string): string => cnpj.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/** SPEC §6: the fund profile, or a brand that shows documents, makes person lists carry documents. */
export const personListWithDocuments = (profile: string | null, wl: Pick<WhiteLabelConfig, 'configs'> | null | undefined): boolean =>
  profile === 'fund' || !!wl?.configs?.displayDocumentsInBackoffice;

/** SPEC §6: multiple prices need both the brand's flag and the administrator's own setting. */
export const multipricesAllowed = (
  wl: Pick<WhiteLabelConfig, 'configs'> | null | undefined,
  admConfig: { allowMultiprices?: boolean } | null | undefined,
): boolean => !!wl?.configs?.allowMultiprices && !!admConfig?.allowMultiprices;

/**
 * Whether a user may sign in on a brand's host (issue 13). An administrator's users belong to their
 * brand: on another brand's host they would work under its name and colours, so they are sent to
 * their own address. Operators (the platform's staff) and funds (buyers across administrators) have
 * no brand of their own and may use any host; the default host (no brand) takes everyone.
 */
export const mayUseBrandHost = (user: { profile: string | null; admId: number | null }, hostAdmId: number | null): boolean =>
  hostAdmId === null || user.profile !== 'adm' || user.admId === hostAdmId;
