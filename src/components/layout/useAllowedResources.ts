import { useCanWithoutCache, useGetIdentity } from '@refinedev/core';
import { useEffect, useMemo, useState } from 'react';
import { decideAccess } from '../../providers/accessControlProvider';
import { RESOURCES, type ResourceDef } from '../../resources';

/** The last answer per user and resources, so a layout mounted again shows its menu at once (and asks again). */
const answers = new Map<string, ResourceDef[]>();

/**
 * The resources the signed-in user may list, asked of the accessControlProvider. Keyed by user so a
 * second login in the same tab never reuses the first one's menu. Until the provider answers, the
 * menu shows what it will answer (`decideAccess`, the provider's own rule on this tab's session), so
 * it renders with the page rather than a render after the page's rows (issue 17); an answer that
 * names the same resources keeps the same array, and the menu does not render again.
 */
export const useAllowedResources = (defs: readonly ResourceDef[] = RESOURCES): { allowed: ResourceDef[]; isLoading: boolean } => {
  const { can } = useCanWithoutCache();
  const { data: identity } = useGetIdentity<{ id: string }>();
  const key = JSON.stringify([identity?.id ?? null, defs.map((d) => d.name)]);
  const nowNames = defs
    .filter((d) => decideAccess(d.name, 'list').can)
    .map((d) => d.name)
    .join(' ');
  const now = useMemo(() => defs.filter((d) => nowNames.split(' ').includes(d.name)), [defs, nowNames]);
  const [answer, setAnswer] = useState<{ key: string; allowed: ResourceDef[] } | null>(null);

  useEffect(() => {
    if (!can) return;
    let live = true;
    const done = (allowed: ResourceDef[]) => {
      const kept = allowed.length === now.length && allowed.every((d, i) => d === now[i]) ? now : allowed;
      answers.set(key, kept);
      if (live) setAnswer({ key, allowed: kept });
    };
    Promise.all(defs.map((d) => can({ resource: d.name, action: 'list' }))).then(
      (result) => done(defs.filter((_, i) => result[i]?.can)),
      () => done([]),
    );
    return () => {
      live = false;
    };
  }, [can, defs, key, now]);

  const allowed = answer?.key === key ? answer.allowed : answers.get(key);
  return { allowed: allowed ?? now, isLoading: !allowed };
};
