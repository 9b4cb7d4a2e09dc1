import { describe, expect, it } from 'vitest';
import {
  CallGuardError,
  DEVICE_ID_PREFIX,
  guard,
  isNonEmptyString,
  isNonEmptyStringArray,
  isNumber,
  isPositiveNumber,
  isServerId,
} from '../../src/domain/guards';

describe('call guards (SPEC §5)', () => {
  it.each([
    ['abc', true],
    ['a', true],
    [' x ', true],
    ['', false],
    ['   ', false],
    ['\n\t', false],
    [null, false],
    [undefined, false],
    [0, false],
    [123, false],
    [['a'], false],
    [{}, false],
  ])('isNonEmptyString(%j) -> %s', (v, expected) => {
    expect(isNonEmptyString(v)).toBe(expected);
  });

  it.each([
    [1, true],
    [0.5, true],
    [100, true],
    [0, false],
    [-1, false],
    [-0.1, false],
    [NaN, false],
    [Infinity, false],
    ['3', false],
    [null, false],
    [undefined, false],
  ])('isPositiveNumber(%s) -> %s (totalParts)', (v, expected) => {
    expect(isPositiveNumber(v)).toBe(expected);
  });

  it.each([
    [0, true],
    [1, true],
    [-5, true],
    [2.5, true],
    [NaN, false],
    [Infinity, false],
    ['1', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('isNumber(%s) -> %s (page, limit)', (v, expected) => {
    expect(isNumber(v)).toBe(expected);
  });

  it.each([
    [['a'], true],
    [['a', 'b', ''], true],
    [[], false],
    [[1], false],
    [['a', 2], false],
    [['a', null], false],
    [[undefined], false],
    ['a', false],
    [null, false],
    [undefined, false],
    [{ 0: 'a', length: 1 }, false],
  ])('isNonEmptyStringArray(%j) -> %s (files, players, parts, shareIds)', (v, expected) => {
    expect(isNonEmptyStringArray(v)).toBe(expected);
  });

  it('the device prefix is "device-"', () => {
    expect(DEVICE_ID_PREFIX).toBe('device-');
  });

  it.each([
    ['7f3c2a', true],
    ['abc-device-1', true],
    ['devices-1', true],
    ['Device-1', true],
    [`${'device-'}123`, false],
    ['device-', false],
    ['', false],
    ['  ', false],
    [null, false],
    [42, false],
  ])('isServerId(%j) -> %s', (v, expected) => {
    expect(isServerId(v)).toBe(expected);
  });
});

describe('guard', () => {
  it('passes when every check holds', () => {
    expect(() => guard({ shareId: true, page: true })).not.toThrow();
    expect(() => guard({})).not.toThrow();
  });

  it('throws a CallGuardError naming the first failing argument', () => {
    let caught: unknown;
    try {
      guard({ shareId: true, page: isNumber('1'), limit: isNumber(undefined), files: isNonEmptyStringArray([]) });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(CallGuardError);
    expect(caught).toBeInstanceOf(Error);
    const err = caught as CallGuardError;
    expect(err.argument).toBe('page');
    expect(err.message).toContain('page');
    expect(err.message).not.toContain('limit');
    expect(err.name).toBe('CallGuardError');
  });

  it('names the argument that fails when only a later one does', () => {
    expect(() => guard({ shareId: isServerId('abc'), totalParts: isPositiveNumber(0) })).toThrow(/totalParts/);
    expect(() => guard({ shareId: isServerId('device-1'), totalParts: isPositiveNumber(0) })).toThrow(/shareId/);
  });
});
