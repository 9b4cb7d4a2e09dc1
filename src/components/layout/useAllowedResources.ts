import { useCanWithoutCache, useGetIdentity } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { RESOURCES, type ResourceDef } from '../../resources';

/** The last answer per user and resources, so a layout mounted again shows its menu at once (and asks again). */
const answers = new Map<string, ResourceDef[]>();

/**
 * The resources the signed-in user may list, asked of the accessControlProvider. Keyed by user so a
 * second login in the same tab never reuses the first one's menu.
 */
export const useAllowedResources = (defs: readonly ResourceDef[] = RESOURCES): { allowed: ResourceDef[]; isLoading: boolean } => {
  const { can } = useCanWithoutCache();
  const { data: identity } = useGetIdentity<{ id: string }>();
  const key = JSON.stringify([identity?.id ?? null, defs.map((d) => d.name)]);
  const [answer, setAnswer] = useState<{ key: string; allowed: ResourceDef[] } | null>(null);

  useEffect(() => {
    if (!can) return;
    let live = true;
    const done = (allowed: ResourceDef[]) => {
      answers.set(key, allowed);
      if (live) setAnswer({ key, allowed });
    };
    Promise.all(defs.map((d) => can({ resource: d.name, action: 'list' }))).then(
      (result) => done(defs.filter((_, i) => result[i]?.can)),
      () => done([]),
    );
    return () => {
      live = false;
    };
  }, [can, defs, key]);

  const allowed = answer?.key === key ? answer.allowed : answers.get(key);
  return { allowed: allowed ?? [], isLoading: !allowed };
};
