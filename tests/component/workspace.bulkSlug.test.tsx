import { describe, expect, it } from 'vitest';
import { PLATFORM_SLUG, bulkAdmSlug } from '../../src/pages/workspace/shared';

describe('the proof of a bulk move', () => {
  it("belongs to the shares' administrator when they all share one", () => {
    expect(bulkAdmSlug([{ admId: 2 }, { admId: 2 }])).toBe('adm-2');
  });

  it('is a platform file when the selection spans administrators, so every share can attach it', () => {
    expect(bulkAdmSlug([{ admId: 1 }, { admId: 2 }, { admId: 1 }])).toBe(PLATFORM_SLUG);
  });
});
