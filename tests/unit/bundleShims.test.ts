/**
 * The stand-ins vite.config.ts swaps into the browser build (src/shims) behave like the modules they
 * replace, for what the app uses of them.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { antdStandIns } from '../../scripts/build/standIns';

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

describe('antd stand-ins in the build (scripts/build/standIns.ts)', () => {
  type Hook = (...args: unknown[]) => unknown;
  const run = (plugin: ReturnType<typeof antdStandIns>, command: 'build' | 'serve', imports: [string, string][]) => {
    const ctx = { error: (message: string) => { throw new Error(message); } };
    (plugin.configResolved as Hook)({ command });
    (plugin.buildStart as Hook).call(ctx);
    const resolved = imports.map(([source, importer]) => (plugin.resolveId as Hook).call(ctx, source, importer));
    return { resolved, end: () => (plugin.buildEnd as Hook).call(ctx) };
  };
  const standIns = [
    { importer: /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../modal/useModal', file: 'antdAppModal.ts' },
    { importer: /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../message/useMessage', file: 'antdAppMessage.ts' },
  ];

  it('swaps a matching import for its stand-in and leaves others alone', () => {
    const { resolved } = run(antdStandIns(standIns), 'build', [
      ['../modal/useModal', '/n/antd/es/app/App.js'],
      ['../modal/useModal', '/n/antd/es/other/App.js'],
    ]);
    expect(resolved[0]).toMatch(/src[\\/]shims[\\/]antdAppModal\.ts$/);
    expect(resolved[1]).toBeNull();
  });

  it('fails the production build naming each stand-in that matched no import', () => {
    const { end } = run(antdStandIns(standIns), 'build', [['../modal/useModal', '/n/antd/es/app/App.js']]);
    expect(end).toThrow(/matched no import.*\.\.\/message\/useMessage.*antdAppMessage\.ts/);
    expect(end).not.toThrow(/antdAppModal/);
  });

  it('passes when every stand-in matched, and never fails the dev server', () => {
    expect(run(antdStandIns(standIns), 'build', [['../modal/useModal', '/n/antd/es/app/App.js'], ['../message/useMessage', '/n/antd/es/app/App.js']]).end).not.toThrow();
    expect(run(antdStandIns(standIns), 'serve', []).end).not.toThrow();
  });
});
