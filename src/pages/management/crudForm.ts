import { useOne } from '@refinedev/core';
import { use, useMemo } from 'react';
import type { ManagedUser } from '../../domain/management';
import { readSession } from '../../providers/session';
import type { CrudForm, FormContext, ResourceDef } from '../../resources';

const loaded = new Map<string, Promise<{ default: CrudForm }>>();

/** The resource's form definition, loaded once per resource (the page suspends until it is in). */
export const useCrudForm = (def: ResourceDef): CrudForm => {
  if (!def.crud) throw new Error(`${def.name} declares no record pages`);
  let pending = loaded.get(def.name);
  if (!pending) loaded.set(def.name, (pending = def.crud.form()));
  return use(pending).default;
};

/**
 * Who fills the form in: the profile from the session, and, for an administrator creating, its own
 * brand, read from its own user record (the token does not carry it).
 */
export const useFormContext = (action: FormContext['action']): FormContext => {
  const session = useMemo(() => readSession(), []);
  const profile = session?.profile ?? null;
  const userId = session?.claims.userId;
  const own = useOne<ManagedUser>({ resource: 'users', id: userId ?? '', queryOptions: { enabled: profile === 'adm' && action === 'create' && !!userId } });
  const ownAdmId = own.result?.admId ?? null;
  return useMemo(() => ({ action, profile, ownAdmId }), [action, profile, ownAdmId]);
};
