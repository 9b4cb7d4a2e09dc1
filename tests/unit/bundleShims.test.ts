/**
 * The stand-ins vite.config.ts swaps into the browser build (src/shims) behave like the modules they
 * replace, for what the app uses of them.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { toNamePathStr } from '../../src/shims/antdFormNamePath';

const require = createRequire(import.meta.url);
type Channel = { assert: (k: unknown) => void; delete: (k: unknown) => boolean; get: (k: unknown) => unknown; has: (k: unknown) => boolean; set: (k: unknown, v: unknown) => void };
const shim = require('../../src/shims/side-channel.cjs') as () => Channel;
const original = require('side-channel') as () => Channel;

describe('side-channel stand-in', () => {
  it('keeps values by object identity and by primitive value, like the original', () => {
    for (const make of [shim, original]) {
      const channel = make();
      const key = {};
      expect(channel.has(key)).toBe(false);
      expect(channel.get(key)).toBeUndefined();
      expect(() => channel.assert(key)).toThrow(TypeError);
      channel.set(key, 1);
      channel.set('k', 2);
      expect([channel.get(key), channel.get({}), channel.get('k'), channel.has('k')]).toEqual([1, undefined, 2, true]);
      channel.assert(key);
      expect(channel.delete(key)).toBe(true);
      expect(channel.has(key)).toBe(false);
    }
  });
});

describe('antd form name-path stand-in', () => {
  it('joins a name path as antd does', () => {
    expect(toNamePathStr(['a', 0, 'b'])).toBe('a_0_b');
    expect(toNamePathStr('name')).toBe('name');
    expect(toNamePathStr(undefined)).toBe('');
  });
});
