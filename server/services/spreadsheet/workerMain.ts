/**
 * The spreadsheet worker's loop (pool.ts): one job at a time, each answered with its parsed file.
 * Anything thrown becomes an 'unreadable' answer; running out of memory ends the thread, which the
 * pool reads as a file too large.
 */
import { parentPort } from 'node:worker_threads';
import { parsePricingFile } from '../pricingSpreadsheet';
import type { SpreadsheetJob, SpreadsheetAnswer } from './pool';

const port = parentPort!;
port.on('message', async (job: SpreadsheetJob) => {
  let answer: SpreadsheetAnswer;
  try {
    answer = { id: job.id, result: await parsePricingFile(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), job.fileName) };
  } catch {
    answer = { id: job.id, result: { ok: false, error: 'unreadable' } };
  }
  port.postMessage(answer);
});
port.postMessage({ ready: true });
