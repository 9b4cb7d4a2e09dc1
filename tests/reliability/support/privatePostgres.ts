/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, its own port), so a
 * test can stop and start it without touching the machine's shared server. PostgreSQL refuses to
 * run as root: when the tests run as root the binaries run as the `postgres` OS user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server';

export interface PrivatePostgres {
  url: string;
  port: number;
  /** Asynchronous, so that the load running beside it is not frozen while PostgreSQL starts or stops. */
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin directory, or null. */
function binDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')) && existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

const runningAsRoot = () => userInfo().uid === 0;

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Why a private cluster cannot run here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!binDir()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (initdb, pg_ctl)';
  if (runningAsRoot() && !postgresUser()) return 'running as root and there is no postgres OS user to run PostgreSQL as';
  if (runningAsRoot() && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'running as root without runuser';
  return null;
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir()!;
  const port = await freePort();
  const root = mkdtempSync(join(tmpdir(), 'repasse-pg-'));
  const data = join(root, 'data');
  const log = join(root, 'server.log');
  if (runningAsRoot()) {
    const pgUser = postgresUser()!;
    chownSync(root, pgUser.uid, pgUser.gid);
  }
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = runningAsRoot() ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    return promisify(execFile)(file, argv, { timeout: 60_000 }).then(() => undefined);
  };
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']),
    // fast: ends every session at once (their clients see "terminating connection due to administrator command").
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']),
    destroy: async () => {
      if (existsSync(join(data, 'postmaster.pid'))) await cluster.stop().catch(() => {});
      if (existsSync(root) && statSync(root).isDirectory()) rmSync(root, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
