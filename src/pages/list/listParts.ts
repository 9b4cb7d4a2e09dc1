import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ExpandedRowName, FilterBarName, FilterBarProps } from '../../resources';

/** A definition's own filter bar (`filterBar`), each its own chunk: the first list never loads them. */
export const FILTER_BARS: Record<FilterBarName, LazyExoticComponent<ComponentType<FilterBarProps>>> = {
  audit: lazy(() => import('../audit/AuditFilters')),
};

/** What an expanded row shows (`expandedRow`), each its own chunk. */
export const EXPANDED_ROWS: Record<ExpandedRowName, LazyExoticComponent<ComponentType<{ row: Readonly<Record<string, unknown>> }>>> = {
  auditChanges: lazy(() => import('../audit/AuditChanges')),
};
