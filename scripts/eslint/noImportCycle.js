/**
 * ESLint rule `local/no-import-cycle`: a module may not reach itself through relative imports.
 * eslint-plugin-import's no-cycle would do, at the cost of a dependency and a slow resolver; the
 * project's imports are plain relative paths to .ts/.tsx files, which a small graph walk follows.
 * `import type` is left out: it is erased, so it orders no module's loading (a store's interface
 * beside its implementations is fine).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Per lint run, keyed by file and mtime, so an editor session sees edits. */
const edgesCache = new Map();

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const ext of ['', ...EXTENSIONS]) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function edgesOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = edgesCache.get(file);
  if (hit && hit.mtime === mtime) return hit.edges;
  const text = readFileSync(file, 'utf8');
  const edges = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = resolveImport(file, m[1]);
    if (target) edges.push(target);
  }
  edgesCache.set(file, { mtime, edges });
  return edges;
}

/** A path of modules from `start` back to `start`, or null. */
function cycleFrom(start, first) {
  const seen = new Set();
  const stack = [[first, [start, first]]];
  while (stack.length) {
    const [file, path] = stack.pop();
    if (file === start) return path;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of edgesOf(file)) stack.push([next, [...path, next]]);
  }
  return null;
}

export default {
  meta: { type: 'problem', docs: { description: 'Forbid import cycles between project modules' }, schema: [] },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    return {
      'ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration'(node) {
        const spec = node.source?.value;
        if (typeof spec !== 'string' || !spec.startsWith('.') || node.importKind === 'type' || node.exportKind === 'type') return;
        const target = resolveImport(file, spec);
        if (!target) return;
        const cycle = cycleFrom(file, target);
        if (cycle) {
          context.report({ node: node.source, message: `Import cycle: ${cycle.map((f) => relative(root, f)).join(' → ')}` });
        }
      },
    };
  },
};
