#!/usr/bin/env node
// `npm start`: build the web app when the sources are newer than dist/, then run the API server,
// which migrates and seeds the database on first start and serves dist/ beside the API.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
// A .env file fills in what the environment does not already set.
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

/** Newest modification time under the given paths (files or directories). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const entry of readdirSync(p)) visit(join(p, entry));
    else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach((p) => visit(join(root, p)));
  return newest;
}

const builtIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const needsBuild = !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestMtime(sources);

// A production installation may hold only production dependencies (no Vite): it serves the dist/ its
// build stage made, however old the sources look (docs/operations.md, "Production start").
const keepBuilt = process.env.NODE_ENV === 'production' && existsSync(builtIndex);
if (needsBuild && process.env.SKIP_BUILD !== '1' && !keepBuilt) {
  console.log('Building the web app (dist/ is missing or older than the sources)…');
  // Always a production build: an inherited NODE_ENV (test runners set 'test') would make Vite
  // bundle React's development build, several times slower and larger.
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) {
    console.error('The web app build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(bin('tsx'), [join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
