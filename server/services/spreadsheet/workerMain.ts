/**
 * The spreadsheet worker's loop (pool.ts), in a child process: one job at a time, each answered with
 * its parsed file. Anything thrown becomes an 'unreadable' answer; running out of memory aborts the
 * process, which the pool reads as a file too large. It ends with its parent (the channel closes).
 */
import { parsePricingFile } from '../pricingSpreadsheet';
import type { SpreadsheetJob, SpreadsheetAnswer } from './pool';

const send = (message: SpreadsheetAnswer | { ready: true }) => process.send!(message);
process.on('disconnect', () => process.exit(0));
process.on('message', async (job: SpreadsheetJob) => {
  let answer: SpreadsheetAnswer;
  try {
    answer = { id: job.id, result: await parsePricingFile(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), job.fileName) };
  } catch {
    answer = { id: job.id, result: { ok: false, error: 'unreadable' } };
  }
  send(answer);
});
send({ ready: true });
