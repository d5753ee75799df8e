import path from 'node:path';
import { z } from 'zod';
import { sha256Hex } from '../../shared/sha256';
import { groupDisk, writeFileDurably } from '../store';
import { groupPaths } from './groupFile';
import type { SetAside } from './groupTypes';

const asideFileSchema = z.object({
  setAside: z.array(z.object({ laptop: z.string(), laptopId: z.string(), file: z.string(), reason: z.string(), at: z.string() })),
  /** What was set aside already (laptop, file, sha256), so a file left in a group folder is reported once. */
  seen: z.array(z.string()),
});

/**
 * What was set aside (docs/group.md "The way in"): each file kept as it
 * came in `group/aside/<laptopId>/`, listed in `group/aside.json` with the
 * laptop it came from and why. The same bad file (laptop, name, sha256) is
 * set aside and reported once, even when a group folder keeps offering it.
 */
export class AsideLog {
  private readonly list: SetAside[] = [];
  private readonly seen = new Set<string>();
  private readonly paths: ReturnType<typeof groupPaths>;

  constructor(
    dataRoot: string,
    private readonly now: () => Date,
  ) {
    this.paths = groupPaths(dataRoot);
    const kept = readAsideFile(this.paths.asideLog);
    if (kept) {
      this.list.push(...kept.setAside);
      for (const key of kept.seen) this.seen.add(key);
    }
  }

  /** Whether these very bytes of this file of this laptop were set aside already. */
  has(laptopId: string, name: string, sha256: string): boolean {
    return this.seen.has(badKey(laptopId, name, sha256));
  }

  /** Keeps the file aside and lists it; null when the same bytes were set aside before (reported once). */
  add(laptopId: string, laptopName: string, name: string, bytes: Uint8Array, reason: string): SetAside | null {
    const key = badKey(laptopId, name, sha256Hex(bytes));
    if (this.seen.has(key)) return null;
    this.seen.add(key);
    const stamp = this.now().toISOString();
    const file = path.join(this.paths.asideFolder, laptopId, `${stamp.replace(/[:.]/g, '-')}-${path.basename(name)}`);
    // The copy is only kept to look at: the log below, synced, is what says it was set aside.
    writeFileDurably(file, bytes, { durable: false });
    const notice: SetAside = { laptop: laptopName, laptopId, file, reason, at: stamp };
    this.list.push(notice);
    writeFileDurably(this.paths.asideLog, `${JSON.stringify({ setAside: this.list, seen: [...this.seen] })}\n`);
    return notice;
  }

  entries(): readonly SetAside[] {
    return this.list;
  }
}

function badKey(laptopId: string, name: string, sha256: string): string {
  return `${laptopId}/${name}/${sha256}`;
}

function readAsideFile(file: string): z.infer<typeof asideFileSchema> | undefined {
  try {
    const parsed = asideFileSchema.safeParse(JSON.parse(groupDisk.readText(file) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
