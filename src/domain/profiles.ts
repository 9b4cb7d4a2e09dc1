/** Profiles and session rules of SPEC §6. */
export const PROFILES = ['adm', 'fund', 'operator'] as const;
export type Profile = (typeof PROFILES)[number];

/**
 * The tenant a profile's user is bound to (DESIGN §4): an administrator sees only its own
 * administrator's shares, a fund only its own fund's, an operator every share. A list column that
 * names a row's tenant of that kind would always read the user's own, so lists hide it.
 */
export const PROFILE_TENANT = { operator: null, adm: 'adm', fund: 'fund' } as const satisfies Record<Profile, 'adm' | 'fund' | null>;
export type Tenant = NonNullable<(typeof PROFILE_TENANT)[Profile]>;

export const isProfile = (v: unknown): v is Profile => typeof v === 'string' && (PROFILES as readonly string[]).includes(v);

/** SPEC §3 claims. `playerIsRepasse` is the platform-owner flag (playerIs{product}). */
export interface TokenClaims {
  exp: number;
  userId: string;
  profiles: string[];
  name: string;
  email: string;
  lastAccess: string | null;
  playerIsRepasse: boolean;
  deniedPermissions: string[];
}

/** The profile is the first entry of `profiles`; anything else means no profile. */
export const profileOf = (claims: Pick<TokenClaims, 'profiles'> | null | undefined): Profile | null => {
  const first = claims?.profiles?.[0];
  return isProfile(first) ? first : null;
};

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);

/** SPEC §9: valid only while exp is later than now, in seconds. */
export const isTokenUnexpired = (exp: unknown, now: number = nowInSeconds()): boolean =>
  typeof exp === 'number' && Number.isFinite(exp) && exp > now;

/**
 * SPEC §6: authorized only if a token exists, is not expired and carries userId and profiles.
 * `claims` is the decoded token or null when there is none or it cannot be decoded.
 */
export const isSessionAuthorized = (claims: Partial<TokenClaims> | null | undefined, now: number = nowInSeconds()): boolean =>
  !!claims &&
  isTokenUnexpired(claims.exp, now) &&
  typeof claims.userId === 'string' &&
  claims.userId.length > 0 &&
  Array.isArray(claims.profiles) &&
  claims.profiles.length > 0;
