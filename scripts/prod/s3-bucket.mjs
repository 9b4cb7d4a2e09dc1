#!/usr/bin/env node
// One-shot: the upload bucket (S3_BUCKET) on the S3-compatible store at S3_ENDPOINT, created when
// missing. compose.yaml's `s3-init` service and scripts/prod-smoke.mjs run this file, with the same
// S3_* variables the API reads (server/config.ts). Waits up to a minute for the store to answer.
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';

const env = (name, fallback) => process.env[name]?.trim() || fallback;
const bucket = env('S3_BUCKET');
if (!bucket) {
  console.error('s3-bucket: set S3_BUCKET');
  process.exit(2);
}
const endpoint = env('S3_ENDPOINT');
const client = new S3Client({
  region: env('S3_REGION', 'us-east-1'),
  endpoint,
  forcePathStyle: env('S3_FORCE_PATH_STYLE', endpoint ? 'true' : 'false') === 'true',
  credentials: env('S3_ACCESS_KEY_ID') ? { accessKeyId: env('S3_ACCESS_KEY_ID'), secretAccessKey: env('S3_SECRET_ACCESS_KEY', '') } : undefined,
});

const deadline = Date.now() + 60_000;
for (;;) {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    console.log(`Bucket ${bucket} is there.`);
    break;
  } catch (err) {
    const status = err?.$metadata?.httpStatusCode;
    if (status === 404) {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      console.log(`Created bucket ${bucket}.`);
      break;
    }
    if (Date.now() > deadline) {
      console.error(`s3-bucket: ${endpoint ?? 'S3'} did not answer: ${err?.name ?? err}`);
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}
