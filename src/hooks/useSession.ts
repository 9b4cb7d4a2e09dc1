import { useMemo } from 'react';
import { type Grantee, type Permission, can } from '../domain';
import { readSession } from '../providers/session';

/** The signed-in user's profile and denied permissions (read from the token, as the menu does). */
export const useGrantee = (): Grantee => {
  const session = useMemo(() => readSession(), []);
  return useMemo(() => ({ profile: session?.profile ?? null, deniedPermissions: session?.deniedPermissions ?? [] }), [session]);
};

export const useCanDo = (permission: Permission): boolean => {
  const who = useGrantee();
  return can(who, permission);
};
