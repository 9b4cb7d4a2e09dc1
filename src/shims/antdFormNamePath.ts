/**
 * The one export antd's Radio.Group takes from antd's form hook module. Importing that module
 * brings the whole of rc-field-form and its validator (some 14 KB gzip) into every page with a
 * radio, the lists' row selection included. Swapped in by vite.config.ts (dev server and build).
 */
const toArray = <T>(candidate?: T | T[] | false): T[] => (candidate === undefined || candidate === false ? [] : Array.isArray(candidate) ? candidate : [candidate]);

export function toNamePathStr(name: unknown): string {
  return toArray(name as string | number | (string | number)[]).join('_');
}
