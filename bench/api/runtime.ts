/**
 * The Node the app under test runs on: the one production runs (.nvmrc, the image), not whichever
 * Node runs the benchmark. Node 20's V8 made some plain JavaScript (an object spread followed by
 * more keys) a hundred times slower than Node 22 and 24 do (docs/decisions.md, issue 17), so a figure
 * taken on the machine's Node 20 says little about a deployment.
 *
 * BENCH_API_NODE: a node binary to use instead. Otherwise, when the running Node is not the .nvmrc
 * line, that line is installed from the npm registry's `node` package into the directory CI uses
 * (`$TMPDIR/repasse-node<line>`, .ci/run) and reused from there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NVMRC = new URL('../../.nvmrc', import.meta.url);

export interface AppNode {
  /** The binary to fork the app with. */
  execPath: string;
  version: string;
}

let resolved: AppNode | undefined;

export function appNode(log: (line: string) => void = () => {}): AppNode {
  if (resolved) return resolved;
  const chosen = process.env.BENCH_API_NODE;
  const line = readFileSync(NVMRC, 'utf8').trim();
  const running = process.version.slice(1).split('.')[0];
  let execPath = process.execPath;
  if (chosen) execPath = chosen;
  else if (line !== running) {
    const dir = join(process.env.TMPDIR ?? tmpdir(), `repasse-node${line}`);
    execPath = join(dir, 'node_modules', 'node', 'bin', 'node');
    if (!existsSync(execPath)) {
      log(`installing Node ${line} (npm install --prefix ${dir} node@${line}): the app runs on the Node production runs`);
      execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', dir, `node@${line}`], { stdio: 'ignore' });
    }
  }
  const version = execFileSync(execPath, ['--version'], { encoding: 'utf8' }).trim();
  resolved = { execPath, version };
  return resolved;
}
