#!/usr/bin/env node
// `npm run dev`: the API (restarting on change) and Vite's dev server, which proxies /api to it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
// A .env file fills in what the environment does not already set.
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit', env: { ...process.env, STATIC_DIR: '' } }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
children.forEach((c) => c.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; }));
