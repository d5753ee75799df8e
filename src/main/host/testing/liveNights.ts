import fs from 'node:fs';
import path from 'node:path';
import type { ExportFile } from '../../../shared';
import type { GameSession } from '../../session/gameSession';
import { advance, currentNight } from '../../session/testing/kit';
import type { LiveLaptop } from './liveLaptops';

/** What the three-laptop tests of a night that moves (R35) read and do on each laptop. */

/** The command lines of a journal's text (the header and signature lines left out). */
export function commandRows(text: string): string[] {
  return text
    .split('\n')
    .slice(1)
    .filter((row) => row !== '' && !row.startsWith('{"signed"'));
}

/** The command lines of the night's journal on `owner`'s disk. */
export function journalRows(owner: LiveLaptop, nightId: string): string[] {
  return commandRows(fs.readFileSync(path.join(owner.root, 'session', 'nights', `${nightId}.jsonl`), 'utf8'));
}

/** The laptop's id in its group. */
export function idOf(session: GameSession): string {
  const id = session.getView().group?.laptopId;
  if (!id) throw new Error('not in a group');
  return id;
}

/** Plays on until the next deal is to be dealt. */
export function ready(session: GameSession): void {
  while (currentNight(session).phase !== 'ready') advance(session);
}

/** Ends the night open on `owner` and exports it: the export's text, and the command lines of its record's journal. */
export async function endedAndExported(owner: LiveLaptop, nightId: string): Promise<{ content: string; recordRows: string[] }> {
  const end = await owner.session.run('host', 'endNight', { stateId: currentNight(owner.session).stateId });
  if (!end.ok) throw new Error(end.error.message);
  const exported = await owner.session.run('host', 'exportNight', { nightId, format: 'json' });
  if (!exported.ok) throw new Error(exported.error.message);
  const content = (exported.data as ExportFile).content;
  const record = (JSON.parse(content) as { record: { journal: string } | null }).record;
  return { content, recordRows: commandRows(record?.journal ?? '') };
}
