'use strict';

/**
 * The `side-channel` package qs uses to spot cycles, rewritten on WeakMap and Map. The original
 * supports engines without WeakMap through get-intrinsic, object-inspect and eight helper packages,
 * some 8 KB gzip in the first list for browsers that all have WeakMap (DESIGN §5). Same API:
 * assert, delete, get, has, set. Aliased by scripts/build/standIns.ts (the build and the dev server).
 */
module.exports = function getSideChannel() {
  var objects = new WeakMap();
  var others = new Map();
  var store = function (key) {
    return key !== null && (typeof key === 'object' || typeof key === 'function') ? objects : others;
  };
  return {
    assert: function (key) {
      if (!store(key).has(key)) throw new TypeError('Side channel does not contain ' + String(key));
    },
    delete: function (key) {
      return store(key).delete(key);
    },
    get: function (key) {
      return store(key).get(key);
    },
    has: function (key) {
      return store(key).has(key);
    },
    set: function (key, value) {
      store(key).set(key, value);
    },
  };
};
