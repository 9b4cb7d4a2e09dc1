import type { AccessControlProvider, CanReturnType } from '@refinedev/core';
import { can, isPermission, type Permission } from '../domain';
import { resourceByName, type ResourceAction, type ResourceDef } from '../resources';
import { readSession, type Session } from './session';

/**
 * The permission a Refine check needs: a resource's own declaration for the action, or, with no
 * resource, the action read as a permission name (`useCan({ action: 'fund.list' })`).
 */
export const permissionFor = (
  resource: string | undefined,
  action: string,
  lookup: (name: string | undefined) => ResourceDef | undefined = resourceByName,
): Permission | null => {
  if (!resource) return isPermission(action) ? action : null;
  return lookup(resource)?.permissions[action as ResourceAction] ?? null;
};

export const isAllowed = (session: Pick<Session, 'profile' | 'deniedPermissions'> | null, permission: Permission | null): boolean =>
  !!session && !!permission && can(session, permission);

/** The provider's answer: it depends only on the session this tab holds, so it is known at once. */
export const decideAccess = (
  resource: string | undefined,
  action: string,
  lookup: (name: string | undefined) => ResourceDef | undefined = resourceByName,
): CanReturnType => {
  const permission = permissionFor(resource, action, lookup);
  if (isAllowed(readSession(), permission)) return { can: true };
  return { can: false, reason: permission ? `Permission denied: ${permission}` : `Permission denied: ${resource ?? ''}.${action}` };
};

/**
 * Query options for Refine's `useCan` and `<CanAccess>` on a page's first render: the answer the
 * provider would give, now. Refine asks the provider through a query whose answer lands a render
 * later, and what waited on it (a list's rows, the links in its first column, a filter) was drawn
 * twice or a render late (issue 17). The query still runs and keeps the answer in Refine's cache.
 */
export const answeredNow = (resource: string | undefined, action: string) => ({ initialData: () => decideAccess(resource, action) });

export const createAccessControlProvider = (
  lookup: (name: string | undefined) => ResourceDef | undefined = resourceByName,
): AccessControlProvider => ({
  can: async ({ resource, action }) => decideAccess(resource, action, lookup),
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    // Answers are cached per resource and action, not per user; a new login must not see the last one's.
    queryOptions: { gcTime: 0, staleTime: 0 },
  },
});

export const accessControlProvider = createAccessControlProvider();
