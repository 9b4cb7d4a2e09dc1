import type { ReactNode } from 'react';

/**
 * Stands in for antd's table column filter dropdown (tree, menu, checkboxes: some 15 KB gzip in
 * the first list). The app never sets `filters` or `filterDropdown` on a column (lists filter
 * through their own bar, src/pages/list/ListFilters.tsx), so antd never renders it; were a column
 * to ask for one, the title shows without the dropdown and the console says why. Swapped in by
 * scripts/build/standIns.ts in the build, the dev server and the component tests.
 */
export function flattenKeys(filters?: { value: unknown; children?: unknown[] }[]): unknown[] {
  let keys: unknown[] = [];
  (filters || []).forEach(({ value, children }) => {
    keys.push(value);
    if (children) keys = [...keys, ...flattenKeys(children as { value: unknown; children?: unknown[] }[])];
  });
  return keys;
}

const FilterDropdown = ({ children }: { children?: ReactNode }) => {
  console.error('antd column filters are left out of the build (scripts/build/standIns.ts): filter through the list bar');
  return <>{children}</>;
};

export default FilterDropdown;
