/**
 * Issue 16 (server): the lint rules that keep routes → services → db one way, run by ESLint on
 * small modules written for the test, so a rule that stopped matching would fail here rather than
 * let a route grow SQL again.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import noImportCycle from '../../scripts/eslint/noImportCycle.js';

const root = mkdtempSync(join(tmpdir(), 'repasse-layers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
};

const lint = async (path: string) => {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } }, rules: { 'local/no-import-cycle': 'error' } },
    ],
  });
  const [result] = await eslint.lintFiles([join(root, path)]);
  return result.messages.map((m) => m.message);
};

describe('local/no-import-cycle', () => {
  it('reports a module that reaches itself through its imports, naming the path', async () => {
    write({
      'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'b.ts': "import { c } from './sub/c';\nexport const b = () => c();\n",
      'sub/c.ts': "import { a } from '../a';\nexport const c = () => a();\n",
    });
    expect(await lint('a.ts')).toEqual(['Import cycle: a.ts → b.ts → sub/c.ts → a.ts']);
  });

  it('passes imports that run one way, and type-only imports back (erased, they order no loading)', async () => {
    write({
      'route.ts': "import { service } from './service';\nexport const route = () => service();\n",
      'service.ts': "import type { Route } from './types';\nimport { db } from './db';\nexport const service = (): Route | null => db();\n",
      'types.ts': "import type { service } from './service';\nexport type Route = ReturnType<typeof service>;\n",
      'db.ts': 'export const db = () => null;\n',
    });
    expect(await lint('route.ts')).toEqual([]);
    expect(await lint('service.ts')).toEqual([]);
  });
});

describe('the project config (eslint.config.js)', () => {
  const project = new ESLint({ cwd: process.cwd() });
  const rulesHit = async (filePath: string, text: string) => {
    const [result] = await project.lintText(text, { filePath });
    return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };

  it('refuses SQL in a route: no server/db, no drizzle-orm', async () => {
    expect(await rulesHit('server/routes/probe.ts', "import { shares } from '../db/schema';\nexport const x = shares;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*put the query in a service/),
    ]);
    expect(await rulesHit('server/routes/probe.ts', "import { sql } from 'drizzle-orm';\nexport const x = sql;\n")).toEqual([expect.stringMatching(/^no-restricted-imports/)]);
  });

  it('refuses HTTP in a service: no fastify, no server/http', async () => {
    expect(await rulesHit('server/services/probe.ts', "import type { FastifyReply } from 'fastify';\nexport type X = FastifyReply;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*throw a DomainError/),
    ]);
    expect(await rulesHit('server/services/probe.ts', "import { userOf } from '../http/route';\nexport const x = userOf;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*routes → services → db/),
    ]);
  });

  it('lets a route call a service and a service query the database', async () => {
    expect(await rulesHit('server/routes/probe.ts', "import { listFunds } from '../services/fundAdmin';\nexport const x = listFunds;\n")).toEqual([]);
    expect(await rulesHit('server/services/probe.ts', "import { funds } from '../db/schema';\nexport const x = funds;\n")).toEqual([]);
  });
});
