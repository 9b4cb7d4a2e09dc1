/**
 * White label (SPEC §9, DESIGN §4): the host's first label picks the brand; its configuration is
 * fetched without a session, kept in local storage so a reload paints the right brand at once, and
 * applied to the title, the favicon and the theme.
 */
import type { AxiosInstance } from 'axios';
import { apiBaseUrl } from './apiBase';
import { API, DEFAULT_BRAND_NAME, STORAGE_KEYS, THEME, labelIdFromHost, type WhiteLabelConfig } from '../domain';
import { accessibleOnWhite } from '../domain/contrast';

export interface Brand {
  /** null for the default brand. */
  labelId: string | null;
  name: string;
  primaryColor: string;
  secondaryColor?: string;
  favicon: string | null;
  config: WhiteLabelConfig | null;
}

/** What fetching a brand needs of an HTTP client: the app's axios instance, or `fetchBrandClient`. */
export type BrandClient = Pick<AxiosInstance, 'get'>;

/**
 * The brand's one GET over `fetch`, shaped like axios (`{ data }`, failures carry `response.status`),
 * so the login shell paints the brand without downloading axios (DESIGN §5). No token is sent: the
 * white-label configuration is public.
 */
export const fetchBrandClient = (baseURL: string = apiBaseUrl()): BrandClient => ({
  get: (async (url: string, config?: { params?: Record<string, string> }) => {
    const query = config?.params ? `?${new URLSearchParams(config.params).toString()}` : '';
    const res = await fetch(`${baseURL}${url}${query}`, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw Object.assign(new Error(`Request failed with status code ${res.status}`), { response: { status: res.status } });
    return { data: await res.json(), status: res.status };
  }) as BrandClient['get'],
});

export const DEFAULT_FAVICON = '/favicon.svg';

export const DEFAULT_BRAND: Brand = {
  labelId: null,
  name: DEFAULT_BRAND_NAME,
  primaryColor: THEME.primaryColor,
  favicon: null,
  config: null,
};

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const color = (v: unknown): string | undefined => (typeof v === 'string' && HEX_COLOR.test(v.trim()) ? v.trim() : undefined);

export const brandFromConfig = (config: WhiteLabelConfig): Brand => ({
  labelId: config.labelId,
  name: config.name?.trim() || DEFAULT_BRAND_NAME,
  primaryColor: color(config.colors?.primary) ?? THEME.primaryColor,
  secondaryColor: color(config.colors?.secondary),
  favicon: config.favicon || null,
  config,
});

export const currentLabelId = (): string | null => labelIdFromHost(window.location.host);

export const readCachedConfig = (labelId: string | null): WhiteLabelConfig | null => {
  if (!labelId) return null;
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.whiteLabel);
    const config = raw ? (JSON.parse(raw) as WhiteLabelConfig) : null;
    // A cache written under another host's label belongs to another brand.
    return config && config.labelId === labelId && typeof config.name === 'string' ? config : null;
  } catch {
    return null;
  }
};

export const cacheConfig = (config: WhiteLabelConfig | null): void => {
  try {
    if (config) localStorage.setItem(STORAGE_KEYS.whiteLabel, JSON.stringify(config));
    else localStorage.removeItem(STORAGE_KEYS.whiteLabel);
  } catch {
    // Storage full or disabled: the brand still applies for this visit.
  }
};

/** The brand to paint before the network answers. */
export const initialBrand = (labelId: string | null = currentLabelId()): Brand => {
  const cached = readCachedConfig(labelId);
  return cached ? brandFromConfig(cached) : DEFAULT_BRAND;
};

/** Fetches the label's configuration; a 404 (or any failure) means the default brand. */
export const fetchBrand = async (client: BrandClient, labelId: string | null): Promise<Brand> => {
  if (!labelId) {
    cacheConfig(null);
    return DEFAULT_BRAND;
  }
  try {
    const { data } = await client.get<WhiteLabelConfig>(API.config.whiteLabelGet.path, { params: { labelId } });
    if (!data || typeof data.name !== 'string') throw new Error('White label not found');
    const config = { ...data, labelId: data.labelId || labelId };
    cacheConfig(config);
    return brandFromConfig(config);
  } catch (e) {
    const status = (e as { response?: { status?: number } })?.response?.status;
    // Only a definite "no such brand" drops the cache; a network blip keeps the last known brand.
    if (status === 404) {
      cacheConfig(null);
      return DEFAULT_BRAND;
    }
    return initialBrand(labelId);
  }
};

const setFavicon = (href: string): void => {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') === href) return;
  // The default icon is SVG; a brand's may be PNG or ICO, so the old type must not stick.
  link.removeAttribute('type');
  link.href = href;
};

/**
 * The page part of the document title ("Cotas canceladas"), set by the page shown. It lives here
 * beside the brand so that whichever changes last (brand fetched or page opened) writes the same
 * "page · brand" title.
 */
let pageTitle: string | null = null;
let brandName: string = DEFAULT_BRAND_NAME;

const writeTitle = () => {
  document.title = pageTitle ? `${pageTitle} · ${brandName}` : brandName;
};

export const setPageTitle = (title: string | null): void => {
  pageTitle = title;
  writeTitle();
};

/** Applies what lives outside React: the document title and the favicon. Colours go to the theme. */
export const applyBrandToDocument = (brand: Brand): void => {
  brandName = brand.name;
  writeTitle();
  setFavicon(brand.favicon || DEFAULT_FAVICON);
  // The accessible variant (issue 14): it colours focus rings and the skip link's text on white.
  document.documentElement.style.setProperty('--brand-primary', accessibleOnWhite(brand.primaryColor));
};
