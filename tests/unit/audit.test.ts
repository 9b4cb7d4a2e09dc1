import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, auditChanges } from '../../src/domain/audit';

describe('auditChanges', () => {
  it('lists the fields that differ, added, removed and changed, nested fields by their path', () => {
    const before = { name: 'Ana', email: 'a@x.com', address: { city: 'Santos', state: 'SP' }, rg: '1', same: [1, 2] };
    const after = { name: 'Ana Maria', email: 'a@x.com', address: { city: 'Campinas', state: 'SP' }, phone: '11', rg: null, same: [1, 2] };
    expect(auditChanges(before, after)).toEqual([
      { field: 'name', before: 'Ana', after: 'Ana Maria', kind: 'changed' },
      { field: 'address.city', before: 'Santos', after: 'Campinas', kind: 'changed' },
      { field: 'phone', before: null, after: '11', kind: 'added' },
      { field: 'rg', before: '1', after: null, kind: 'removed' },
    ]);
  });

  it('a creation lists every field as added; a removal every field as removed; nothing on both sides is no change', () => {
    expect(auditChanges(null, { a: 1 })).toEqual([{ field: 'a', before: null, after: 1, kind: 'added' }]);
    expect(auditChanges({ a: 1 }, null)).toEqual([{ field: 'a', before: 1, after: null, kind: 'removed' }]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it('each action names a known object type', () => {
    for (const action of AUDIT_ACTIONS) expect(AUDIT_OBJECT_TYPES).toContain(action.split('.')[0]);
  });
});
