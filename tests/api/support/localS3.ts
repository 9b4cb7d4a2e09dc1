/**
 * A local S3 (s3rver) on a free port for the S3 driver's tests, with the storage config that points
 * at it. null when s3rver cannot start here (the calling file then skips, saying why).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../../server/config';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  storage: Config['storage'];
  stop(): Promise<void>;
}

export async function startLocalS3(bucket: string, file: string): Promise<LocalS3 | null> {
  let dir = '';
  try {
    const { default: S3rver } = await import('s3rver');
    dir = await mkdtemp(join(tmpdir(), 'repasse-s3rver-'));
    const server: S3rverInstance = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
    const endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    return {
      endpoint,
      bucket,
      storage: {
        driver: 's3',
        filesDir: dir,
        s3: { endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
      },
      stop: async () => {
        await server.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    if (dir) await rm(dir, { recursive: true, force: true });
    console.warn(`${file} skipped: s3rver could not start on Node ${process.version}: ${String(err)}`);
    return null;
  }
}
