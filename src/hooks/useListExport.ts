/**
 * Issue 18: a list as a file, through Refine's data provider (`custom` with `meta.export`, see
 * ExportMeta in src/providers/dataProvider.ts). Imperative: the export dialog starts it, shows its
 * progress, cancels it with its AbortSignal and saves what it answers.
 */
import { useDataProvider, type BaseRecord } from '@refinedev/core';
import { useCallback } from 'react';
import type { ExportMeta, ExportedFile } from '../providers/dataProvider';

export type { ExportMeta, ExportedFile };

export const useListExport = () => {
  const dataProvider = useDataProvider();
  return useCallback(
    async (resource: string, exporting: ExportMeta): Promise<ExportedFile> => {
      const { custom } = dataProvider();
      const { data } = await custom!<BaseRecord>({ url: '', method: 'post', meta: { resource, export: exporting } });
      return data as unknown as ExportedFile;
    },
    [dataProvider],
  );
};
