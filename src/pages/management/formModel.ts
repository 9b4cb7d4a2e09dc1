/**
 * The form definitions (src/resources/forms) read as antd form data: which fields show, what they
 * start with, what they check and what they send. Pure, so the pages stay about layout.
 */
import type { Rule } from 'antd/es/form';
import { PERMISSIONS, isCnpj, isCpf, isEmail, stripMask, type Permission, type Profile } from '../../domain';
import { FAVICON_MAX_BYTES, isHexColor, labelIdProblem } from '../../domain/management';
import type { FileRef } from '../../domain';
import type { FieldDef, FormContext } from '../../resources';

export type Values = Record<string, unknown>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

export const namePath = (key: string): string[] => key.split('.');

export const getIn = (values: Values | null | undefined, key: string): unknown =>
  namePath(key).reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Values)[k] : undefined), values ?? undefined);

const setIn = (target: Values, key: string, value: unknown): void => {
  const path = namePath(key);
  let node = target;
  for (const k of path.slice(0, -1)) node = (node[k] ??= {}) as Values;
  node[path[path.length - 1]] = value;
};

/** A field shows when it fits the action and its condition holds of the current values. */
export const isShown = (field: FieldDef, values: Values, context: FormContext): boolean =>
  !(field.createOnly && context.action === 'edit') && (field.when ? field.when(values, context) : true);

export const fixedValue = (field: FieldDef, context: FormContext) => field.fixed?.(context);

/**
 * The favicon control's value: the stored data URL (unchanged), a new upload (its FileRef and a
 * local preview), or null (none, or removed).
 */
export type FaviconValue = string | { file: FileRef; preview: string } | null;

/** What the form starts with: the record (edit) or each field's initial value (create), then fixed values. */
export const initialValues = (fields: readonly FieldDef[], context: FormContext, record?: Values | null): Values => {
  const out: Values = {};
  for (const f of fields) {
    const fixed = fixedValue(f, context);
    const value = fixed !== undefined ? fixed : record ? getIn(record, f.key) : f.initial;
    if (value !== undefined) setIn(out, f.key, f.kind === 'permissions' && !Array.isArray(value) ? [] : value);
  }
  return out;
};

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** One field's value as the API takes it, as `[key, value]` pairs (a favicon becomes faviconFile or favicon: null). */
const sent = (field: FieldDef, value: unknown): [string, unknown][] => {
  switch (field.kind) {
    case 'text':
    case 'email':
      return [[field.key, trimmed(value)]];
    case 'cnpj':
      return [[field.key, typeof value === 'string' ? value.trim().toUpperCase() : value]];
    case 'document':
      return [[field.key, typeof value === 'string' ? stripMask(value).toUpperCase() : value]];
    case 'labelId':
      return [[field.key, typeof value === 'string' ? value.trim() : value]];
    case 'color':
      return [[field.key, typeof value === 'string' ? value.toUpperCase() : value]];
    case 'favicon': {
      const v = value as FaviconValue | undefined;
      if (v && typeof v === 'object') return [['faviconFile', v.file.fileId]];
      return v === null ? [[field.key, null]] : [];
    }
    case 'select':
      return [[field.key, value === undefined || value === '' ? null : value]];
    default:
      return [[field.key, value]];
  }
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The call's input: the shown fields (fixed ones with their fixed value), each as the API takes it.
 * On edit, only what changed from the record; a nested value (colors) goes whole when any part of it
 * changed, as the input types take it.
 */
export const toInput = (fields: readonly FieldDef[], values: Values, context: FormContext, initial?: Values): Values => {
  const out: Values = {};
  const changedRoots = new Set<string>();
  for (const f of fields) {
    if (!isShown(f, values, context)) continue;
    const fixed = fixedValue(f, context);
    if (fixed === null) continue;
    const value = fixed !== undefined ? fixed : getIn(values, f.key);
    if (context.action === 'edit' && initial) {
      if (f.kind === 'favicon' ? value === getIn(initial, f.key) || (value == null && getIn(initial, f.key) == null) : same(value, getIn(initial, f.key))) continue;
      changedRoots.add(namePath(f.key)[0]);
    }
    for (const [k, v] of sent(f, value)) if (v !== undefined) setIn(out, k, v);
  }
  if (context.action === 'edit' && initial) {
    // A part of a nested value changed: send its siblings too.
    for (const f of fields) {
      const root = namePath(f.key)[0];
      if (root !== f.key && changedRoots.has(root) && getIn(out, f.key) === undefined && isShown(f, values, context)) {
        for (const [k, v] of sent(f, getIn(values, f.key))) if (v !== undefined) setIn(out, k, v);
      }
    }
  }
  return out;
};

/** The permissions a profile holds, the only ones worth denying. */
export const deniablePermissions = (profile: Profile | null | undefined): Permission[] =>
  (Object.keys(PERMISSIONS) as Permission[]).filter((p) => !profile || (PERMISSIONS[p] as readonly Profile[]).includes(profile));

export const labelIdMessage = (value: string, t: Translate): string | null => {
  const problem = labelIdProblem(value);
  return problem ? t(`management.validation.labelId.${problem}`) : null;
};

const check = (ok: (v: string) => boolean, message: string): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (!ok(String(value))) throw new Error(message);
  },
});

/** Client-side checks in Portuguese, with the domain functions the server applies. */
export const rulesFor = (field: FieldDef, t: Translate): Rule[] => {
  const rules: Rule[] = [];
  if (field.required) {
    rules.push(
      field.kind === 'text' || field.kind === 'email' || field.kind === 'labelId'
        ? { required: true, whitespace: true, message: t('validation.required') }
        : { required: true, message: t('validation.required') },
    );
  }
  if (field.maxLength) rules.push({ max: field.maxLength, message: t('management.validation.maxLength', { max: field.maxLength }) });
  switch (field.kind) {
    case 'email':
      rules.push(check((v) => isEmail(v.trim()), t('validation.email')));
      break;
    case 'cnpj':
      rules.push(check(isCnpj, t('validation.cnpj')));
      break;
    case 'document':
      rules.push(check((v) => isCpf(v) || isCnpj(v), t('management.validation.document')));
      break;
    case 'labelId':
      rules.push({
        validator: async (_rule, value: unknown) => {
          if (typeof value !== 'string' || value === '') return;
          const message = labelIdMessage(value, t);
          if (message) throw new Error(message);
        },
      });
      break;
    case 'color':
      rules.push(check(isHexColor, t('management.validation.color')));
      break;
    default:
      break;
  }
  return rules;
};

/**
 * A server's message for one field, in Portuguese: a taken value says so; anything else about a field
 * whose rule the form knows reads as that rule's message (the server checks with the same functions);
 * the rest goes through the error catalogue.
 */
export const serverFieldMessage = (field: FieldDef | undefined, message: string, value: unknown, t: Translate, catalogue: (m: string) => string): string => {
  if (/already|in use|taken|exists|duplicate/i.test(message)) return t('management.validation.taken');
  switch (field?.kind) {
    case 'email':
      return t('validation.email');
    case 'cnpj':
      return t('validation.cnpj');
    case 'document':
      return t('management.validation.document');
    case 'color':
      return t('management.validation.color');
    case 'labelId':
      return (typeof value === 'string' && labelIdMessage(value, t)) || catalogue(message);
    case 'favicon':
      if (/\bKB\b/.test(message)) return t('management.administrators.faviconTooLarge', { kb: Math.round(FAVICON_MAX_BYTES / 1024) });
      return /\buse a\b/i.test(message) ? t('management.administrators.faviconType') : catalogue(message);
    default:
      return catalogue(message);
  }
};
