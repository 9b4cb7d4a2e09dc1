#!/usr/bin/env node
/**
 * Production smoke test (issue 12): what compose.yaml runs, on this machine, without containers.
 * CI runs it (.ci/run); `node scripts/prod-smoke.mjs` runs it anywhere with PostgreSQL and Caddy.
 *
 * compose.yaml service → here
 *   Dockerfile build stage      `npm run build` in this checkout (CI ran `npm ci` already)
 *   Dockerfile runtime stage    the files the image gets (.dockerignore applied) copied to a temporary
 *                               directory, `npm ci --omit=dev` there, dist/ copied in: the instances
 *                               below run with production dependencies only
 *   db (postgres)               a fresh database on the local server (SMOKE_DATABASE_URL's server),
 *                               dropped at the end
 *   s3 (SeaweedFS)              s3rver (SeaweedFS is no package here; both speak S3)
 *   s3-init                     `node scripts/prod/s3-bucket.mjs`: creates the bucket
 *   proxy (Caddy)               `sh scripts/prod/proxy.sh` (Caddy with scripts/prod/Caddyfile)
 *   bootstrap                   `sh scripts/prod/bootstrap-operator.sh`, twice (the second finds the operator)
 *   api1, api2                  `sh scripts/prod/api.sh` twice, one JWT_SECRET, TRUST_PROXY = the proxy
 *
 * Then, mostly through the proxy over TLS: readiness of both, login on A and the token on B, an
 * upload through presigned S3 URLs, X-Forwarded-For reaching the per-client login limits, logout on
 * A honoured on B, and SIGTERM: each instance drains (readiness 503, the other keeps serving) and
 * exits 0. Every step prints its duration.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUCKET = 'repasse-files';
const OPERATOR = { email: 'primeira.operadora@empresa.example', name: 'Primeira Operadora' };
const NEW_PASSWORD = 'Smoke-Operadora-2026!';
const ADMIN_URL = process.env.SMOKE_DATABASE_URL ?? process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KEEP = process.env.SMOKE_KEEP === '1';

const started = Date.now();
let stepName = '';
let stepStart = Date.now();
const durations = [];
function step(name) {
  endStep();
  stepName = name;
  stepStart = Date.now();
  console.log(`\n--- ${name}`);
}
function endStep() {
  if (stepName) durations.push([stepName, Date.now() - stepStart]);
  stepName = '';
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function check(ok, what, detail = '') {
  if (!ok) throw new Error(`FAILED: ${what}${detail ? `\n${detail}` : ''}`);
  console.log(`  ok  ${what}`);
}

const freePort = () =>
  new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });

/** Children to stop on the way out, last started first. */
const children = [];
function run(name, cmd, args, options) {
  let log = '';
  const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  const handle = { name, child, exited, log: () => log };
  children.push(handle);
  return handle;
}
/** A command run to its end, without blocking this process (s3rver answers from its event loop). */
async function runToEnd(cmd, args, options) {
  const p = run(cmd, cmd, args, options);
  const { code } = await p.exited;
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${code}\n${p.log()}`);
  return p.log();
}
function runSync(cmd, args, options) {
  const out = spawnSync(cmd, args, { encoding: 'utf8', ...options });
  if (out.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${out.status}\n${out.stdout}\n${out.stderr}`);
  return out;
}

/** One HTTP(S) request; `via` picks the proxy's TLS with its CA and a local source address. */
function send(url, { method, headers = {}, body, ca, localAddress, servername } = {}) {
  method ??= body === undefined ? 'GET' : 'POST';
  return new Promise((done) => {
    const u = new URL(url);
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const h = { ...headers };
    if (payload && !h['content-type']) h['content-type'] = 'application/json';
    if (payload) h['content-length'] = payload.length;
    const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers: { host: u.host, ...h }, ca, localAddress, servername, agent: false },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let json = null;
          try {
            json = JSON.parse(raw.toString('utf8'));
          } catch {
            // not JSON
          }
          done({ status: res.statusCode, headers: res.headers, raw, json });
        });
      },
    );
    req.on('error', (err) => done({ status: 0, error: err.code ?? String(err), headers: {}, raw: Buffer.alloc(0), json: null }));
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.end(payload);
  });
}

/** Polls `probe` until it holds; fails at once, with its output, when `proc` exits meanwhile. */
async function waitFor(what, probe, timeoutMs, proc) {
  const log = () => (proc ? `${proc.child.exitCode === null ? '' : `${proc.name} exited ${proc.child.exitCode}\n`}${proc.log()}` : '');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null)) break;
    await sleep(250);
  }
  throw new Error(`timed out waiting for ${what}\n${log()}`);
}

/** What `COPY . .` puts in the image: the checkout's files (tracked and new) minus .dockerignore. */
function copyAsDockerWould(dest) {
  const ignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim().replace(/^\/+|\/+$/g, ''))
    .filter((l) => l && !l.startsWith('#'));
  const escape = (part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  const globToRe = (p) => new RegExp(`^${p.split('**').map(escape).join('.*')}(/|$)`);
  const rules = ignore.map(globToRe);
  const files = runSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT }).stdout.split('\0').filter(Boolean);
  let n = 0;
  for (const f of files) {
    if (rules.some((re) => re.test(f)) || !existsSync(join(ROOT, f))) continue;
    mkdirSync(dirname(join(dest, f)), { recursive: true });
    cpSync(join(ROOT, f), join(dest, f));
    n++;
  }
  return n;
}

let adminClient = null;
let dbName = '';
let work = '';

async function main() {
  const pg = (await import('pg')).default;
  work = mkdtempSync(join(tmpdir(), 'repasse-smoke-'));
  const app = join(work, 'app');
  console.log(`Production smoke in ${work}`);

  step('Build stage: npm run build, and the runtime stage: the image files + npm ci --omit=dev (in parallel)');
  const build = run('build', 'npm', ['run', 'build', '--', '--logLevel', 'warn'], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } });
  const copied = copyAsDockerWould(app);
  const install = run('npm ci --omit=dev', 'npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: app, env: { ...process.env, NODE_ENV: 'production' } });
  const [b, i] = await Promise.all([build.exited, install.exited]);
  check(b.code === 0, 'npm run build', build.log());
  check(i.code === 0, `npm ci --omit=dev on the ${copied} files the image gets`, install.log());
  check(!existsSync(join(app, 'node_modules', 'vite')) && !existsSync(join(app, 'node_modules', 'vitest')), 'the runtime has no devDependencies (no vite, no vitest)');
  cpSync(join(ROOT, 'dist'), join(app, 'dist'), { recursive: true });

  step('db: a fresh PostgreSQL database');
  dbName = `repasse_smoke_${process.pid}`;
  adminClient = new pg.Client({ connectionString: ADMIN_URL });
  await adminClient.connect();
  await adminClient.query(`drop database if exists ${dbName}`);
  await adminClient.query(`create database ${dbName}`);
  const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
  check(true, `created ${dbName}`);

  step('s3: s3rver; s3-init: scripts/prod/s3-bucket.mjs');
  const { default: S3rver } = await import('s3rver');
  const s3dir = join(work, 's3');
  mkdirSync(s3dir);
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir });
  const s3port = (await s3.run()).port;
  children.push({ name: 's3rver', stop: () => s3.close() });
  check(true, `s3rver on 127.0.0.1:${s3port}`);
  const s3env = { ...process.env, S3_BUCKET: BUCKET, S3_ENDPOINT: `http://127.0.0.1:${s3port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  const bucket = await runToEnd('node', ['scripts/prod/s3-bucket.mjs'], { cwd: app, env: s3env });
  const again = await runToEnd('node', ['scripts/prod/s3-bucket.mjs'], { cwd: app, env: s3env });
  check(/Created bucket/.test(bucket) && /is there/.test(again), 's3-bucket.mjs creates the bucket, and finds it on a second run', bucket + again);

  step('proxy: scripts/prod/proxy.sh (Caddy)');
  const [proxyPort, proxyHttpPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const caddyData = join(work, 'caddy');
  const caFile = join(work, 'ca', 'root.crt');
  const caddy = run('caddy', 'sh', [join(app, 'scripts/prod/proxy.sh')], {
    cwd: work,
    env: {
      ...process.env,
      CA_EXPORT: caFile,
      XDG_DATA_HOME: caddyData,
      XDG_CONFIG_HOME: join(work, 'caddy-config'),
      PUBLIC_HOST: 'localhost',
      PROXY_PORT: String(proxyPort),
      PROXY_HTTP_PORT: String(proxyHttpPort),
      API_A: `127.0.0.1:${portA}`,
      API_B: `127.0.0.1:${portB}`,
      S3_BUCKET: BUCKET,
      S3_UPSTREAM: `127.0.0.1:${s3port}`,
    },
  });
  await waitFor('Caddy to write its root certificate', () => existsSync(caFile) && statSync(caFile).size > 0, 30_000, caddy);
  const ca = readFileSync(caFile);
  const PUBLIC = `https://localhost:${proxyPort}`;
  // Through the proxy from a given loopback address (127.0.0.0/8 is all ours), as that client.
  const viaProxy = (path, init = {}, from = '127.0.0.1') => send(`https://127.0.0.1:${proxyPort}${path}`, { ...init, ca, servername: 'localhost', localAddress: from, headers: { host: `localhost:${proxyPort}`, ...init.headers } });
  check(true, `Caddy on ${PUBLIC} (tls internal)`);

  const productionEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    JWT_SECRET: runSync('openssl', ['rand', '-base64', '48']).stdout.trim(),
    MAIL_DISABLED: 'true',
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: PUBLIC,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    NODE_EXTRA_CA_CERTS: caFile,
    SHUTDOWN_DELAY_MS: '3000',
    LOG_LEVEL: 'warn',
  };
  delete productionEnv.SEED_DEMO;
  delete productionEnv.SMTP_URL;

  step('bootstrap: scripts/prod/bootstrap-operator.sh (twice)');
  const bootEnv = { ...productionEnv, DATA_DIR: join(work, 'data-bootstrap'), OPERATOR_EMAIL: OPERATOR.email, OPERATOR_NAME: OPERATOR.name };
  const first = await runToEnd('sh', ['scripts/prod/bootstrap-operator.sh'], { cwd: app, env: bootEnv });
  const oneTime = /One-time password: (\S+)/.exec(first)?.[1];
  check(Boolean(oneTime), 'the first run creates the operator and prints its one-time password', first);
  const second = await runToEnd('sh', ['scripts/prod/bootstrap-operator.sh'], { cwd: app, env: bootEnv });
  check(/already exists/.test(second), 'a second run finds the operator and exits 0', second);

  step('api1, api2: scripts/prod/api.sh on two ports');
  const apis = [
    { name: 'A', port: portA },
    { name: 'B', port: portB },
  ].map((a) => ({
    ...a,
    url: `http://127.0.0.1:${a.port}`,
    proc: run(`api ${a.name}`, 'sh', ['scripts/prod/api.sh'], { cwd: app, env: { ...productionEnv, PORT: String(a.port), DATA_DIR: join(work, `data-${a.name}`) } }),
  }));
  for (const a of apis) {
    await waitFor(`instance ${a.name} to be ready`, async () => (await send(`${a.url}/api/ready`)).status === 200, 120_000, a.proc);
    const ready = await send(`${a.url}/api/ready`);
    check(ready.json?.database === 'ok' && ready.json?.storage === 'ok', `instance ${a.name}: /api/ready 200, database ok, storage (S3 through the proxy) ok`);
  }

  step('smoke checks through the proxy');
  await waitFor('the proxy to route to the instances', async () => (await viaProxy('/api/ready')).status === 200, 30_000, caddy);
  check(true, 'GET /api/ready through the proxy: 200');
  const page = await viaProxy('/');
  check(page.status === 200 && /<div id="root">/.test(page.raw.toString()), 'GET / through the proxy serves the built app', page.raw.toString().slice(0, 300));

  const direct = (a, path, init) => send(`${a.url}/api${path}`, init);
  const login = await direct(apis[0], '/user/login', { body: { username: OPERATOR.email, password: oneTime } });
  check(login.status === 200 && login.json?.firstAccess === true, 'instance A: the bootstrapped operator signs in with the one-time password (first access)', JSON.stringify(login.json));
  const changed = await direct(apis[0], '/user/change_password', { headers: { authorization: `Bearer ${login.json.token}` }, body: { oldPassword: oneTime, newPassword: NEW_PASSWORD, firstAccess: true } });
  check(changed.status === 200, 'instance A: first-access password change', JSON.stringify(changed.json));
  const token = changed.json.token;
  const auth = { authorization: `Bearer ${token}` };
  const onB = await direct(apis[1], '/user/list', { headers: auth });
  check(onB.status === 200, "instance B accepts instance A's token", JSON.stringify(onB.json));

  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n% production smoke\n'), randomBytes(64 * 1024), Buffer.from('\n%%EOF\n')]);
  const init = await viaProxy('/api/storage/upload_initialize', { headers: auth, body: { fileName: 'smoke.pdf', totalParts: 1, size: bytes.length, admSlug: 'repasse', contentType: 'application/pdf' } });
  check(init.status === 200 && init.json.parts[0].url.startsWith(`${PUBLIC}/${BUCKET}/`), 'upload_initialize answers a presigned S3 part URL on the public origin', JSON.stringify(init.json));
  const partUrl = new URL(init.json.parts[0].url);
  const put = await viaProxy(partUrl.pathname + partUrl.search, { method: 'PUT', body: bytes, headers: { 'content-type': 'application/octet-stream' } });
  const etag = String(put.headers.etag ?? '').replace(/"/g, '');
  check(put.status === 200 && etag.length > 0, 'PUT of the part to the presigned URL (S3 behind the proxy)', `${put.status} ${put.raw.toString().slice(0, 300)}`);
  const fin = await direct(apis[1], '/storage/upload_finalize', { headers: auth, body: { fileId: init.json.fileId, fileKey: init.json.fileKey, parts: [etag] } });
  check(fin.status === 200 && fin.json.size === bytes.length, 'instance B finalizes the upload A initialized', JSON.stringify(fin.json));
  const link = await direct(apis[0], '/storage/generate_link', { headers: auth, body: { filePath: fin.json.filePath } });
  check(link.status === 200, 'generate_link', JSON.stringify(link.json));
  const linkUrl = new URL(link.json.url);
  const got = await viaProxy(linkUrl.pathname + linkUrl.search);
  const sha = (b) => createHash('sha256').update(b).digest('hex');
  check(got.status === 200 && sha(got.raw) === sha(bytes), 'the presigned download gives back the same bytes');

  // Per-client limits see the client behind the proxy: one address wearing out its wrong-password
  // allowance on an e-mail does not throttle another address on the same e-mail.
  const wrong = { body: { username: 'alguem@empresa.example', password: 'errada-123' } };
  let throttled = null;
  for (let n = 1; n <= 40 && !throttled; n++) {
    const res = await viaProxy('/api/user/login', wrong, '127.0.0.2');
    if (res.status === 429) throttled = n;
    else if (res.status !== 401) check(false, 'a wrong password answers 401 or 429', `${res.status} ${res.raw}`);
  }
  check(throttled !== null, `client 127.0.0.2 is throttled after ${throttled} wrong passwords through the proxy`);
  const other = await viaProxy('/api/user/login', wrong, '127.0.0.3');
  check(other.status === 401, 'client 127.0.0.3 (same proxy, same e-mail) is not: X-Forwarded-For reaches the limits (TRUST_PROXY)', `${other.status} ${other.raw}`);
  const spoof = await viaProxy('/api/user/login', { ...wrong, headers: { 'x-forwarded-for': '127.0.0.9' } }, '127.0.0.2');
  check(spoof.status === 429, 'a client cannot shed its throttle with its own X-Forwarded-For (the proxy replaces it)', `${spoof.status}`);

  const logout = await direct(apis[0], '/user/logout', { headers: auth, body: {} });
  check(logout.status === 200, 'logout on instance A');
  await sleep(1_100);
  const after = await direct(apis[1], '/user/list', { headers: auth });
  check(after.status === 401, 'instance B refuses the token within a second of the logout on A', `${after.status}`);

  step('SIGTERM: each instance drains and exits 0 while the other serves');
  for (const [i, a] of apis.entries()) {
    const t0 = Date.now();
    a.proc.child.kill('SIGTERM');
    await sleep(300);
    const ready = await send(`${a.url}/api/ready`);
    check(ready.status === 503 && ready.json?.status === 'draining', `instance ${a.name}: readiness 503 "draining" right after SIGTERM (${ready.json?.message})`);
    if (i === 0) {
      // The proxy's readiness probe takes A out; B answers meanwhile and after A is gone.
      const answers = [];
      while (Date.now() - t0 < 5_000) {
        answers.push((await viaProxy('/api/health')).status);
        await sleep(100);
      }
      check(answers.every((s) => s === 200), `through the proxy while A drains and after it exits: ${answers.length} requests, all 200`, answers.join(' '));
    }
    const { code, signal } = await a.proc.exited;
    check(code === 0, `instance ${a.name} exited 0 after ${Date.now() - t0} ms`, `code ${code} signal ${signal}\n${a.proc.log()}`);
  }
}

async function cleanup() {
  for (const c of children.reverse()) {
    try {
      if (c.stop) await c.stop();
      else if (c.child.exitCode === null && c.child.signalCode === null) {
        c.child.kill('SIGTERM');
        await Promise.race([c.exited, sleep(5_000)]);
        if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      }
    } catch {
      // already gone
    }
  }
  if (adminClient) {
    if (dbName && !KEEP) await adminClient.query(`drop database if exists ${dbName} with (force)`).catch((e) => console.error(`could not drop ${dbName}: ${e.message}`));
    await adminClient.end().catch(() => {});
  }
  // The runtime copy's node_modules is large: removing it is no part of the smoke, so it goes on its own.
  if (work && !KEEP) spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  console.error(`\n${err instanceof Error ? err.message : err}`);
} finally {
  step('Clean up: stop the processes, drop the database');
  await cleanup();
  endStep();
  console.log('\n--- Production smoke step durations');
  for (const [name, ms] of durations) console.log(`${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
  console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  total${failed ? ' (FAILED)' : ''}`);
}
process.exit(failed ? 1 : 0);
