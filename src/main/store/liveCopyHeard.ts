import fs from 'node:fs';
import { z } from 'zod';
import { FIRST_EPOCH } from '../night/recordChain';
import { writeFileDurably } from './durableFile';

/**
 * R35: beside a live copy, `live/<night id>.heard`: the highest epoch its night was heard to be written at, so that
 * after a restart a takeover from a copy behind it is still refused (store/liveCopies.ts `heardEpoch`).
 */
const heardFileSchema = z.strictObject({ heardEpoch: z.number().int().min(FIRST_EPOCH) });

/**
 * The epoch kept in the file (FIRST_EPOCH when there is none: nothing later was heard); null when it does not read.
 * R35, fail closed: a file that does not read may have said a later epoch (`heardUnreadable`).
 */
export function readHeardEpoch(file: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? FIRST_EPOCH : null;
  }
  try {
    const read = heardFileSchema.safeParse(JSON.parse(text));
    return read.success ? read.data.heardEpoch : null;
  } catch {
    return null;
  }
}

export function writeHeardEpoch(file: string, epoch: number): void {
  writeFileDurably(file, `${JSON.stringify({ heardEpoch: epoch })}\n`);
}
