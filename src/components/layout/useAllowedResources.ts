import { useCanWithoutCache, useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { RESOURCES, type ResourceDef } from '../../resources';

/**
 * The resources the signed-in user may list, asked of the accessControlProvider. Keyed by user so a
 * second login in the same tab never reuses the first one's menu.
 */
export const useAllowedResources = (defs: readonly ResourceDef[] = RESOURCES): { allowed: ResourceDef[]; isLoading: boolean } => {
  const { can } = useCanWithoutCache();
  const { data: identity } = useGetIdentity<{ id: string }>();
  const query = useQuery({
    queryKey: ['repasse', 'menu-access', identity?.id ?? null, defs.map((d) => d.name)],
    enabled: !!can,
    queryFn: async () => {
      const answers = await Promise.all(defs.map((d) => can!({ resource: d.name, action: 'list' })));
      return defs.filter((_, i) => answers[i]?.can);
    },
  });
  return { allowed: query.data ?? [], isLoading: query.isLoading };
};
