/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file the build emits, so the server
 * sends them as they are (`@fastify/static`'s `preCompressed`, server/plugins/staticApp.ts) and
 * spends no CPU compressing the same asset per request (issue 17). Brotli at its highest quality
 * costs seconds at build time once and saves ~15 % over gzip -9 on the wire; gzip stays for the
 * clients that do not ask for brotli. A copy that is not smaller than the original is not kept, so
 * the server falls back to the original for it.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text. Fonts (woff2) and images are compressed formats already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this, headers outweigh the saving. */
export const MIN_BYTES = 1024;

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

/** Compresses every eligible file under `dir`; returns how many files got copies. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    count++;
  }
  return count;
}

/** The Vite plugin: runs once the bundle is written (production builds only). */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'repasse-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
};
