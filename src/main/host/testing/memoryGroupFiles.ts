import { createHash } from 'node:crypto';
import type { ApiResult, GroupFileEntry, PeerManifestAnswer } from '../../../shared';
import type { GroupFilesPort } from '../groupLanSync';

/**
 * A stand-in for the core's group mirror (docs/group.md) in the LAN tests:
 * each laptop's files by path, its own written with a manifest after them,
 * and what arrives from another laptop kept as it came once its manifest's
 * lengths and sha256 match (the core's receive checks far more).
 */
export class MemoryGroupFiles implements GroupFilesPort {
  readonly laptops = new Map<string, Map<string, Uint8Array>>();
  group: { id: string; name: string } | null;
  readonly received: { laptopId: string; paths: string[] }[] = [];
  /** The laptops, by name, that said hello with this laptop's id. */
  readonly sameId: string[] = [];

  constructor(
    readonly laptopId: string,
    readonly laptopName: string,
    group: { id: string; name: string } | null,
  ) {
    this.group = group;
  }

  identity() {
    return { laptopId: this.laptopId, laptopName: this.laptopName, group: this.group };
  }

  /** The names the group gives laptops (a rename since the pairing); none unless a test sets one. */
  readonly names = new Map<string, string>();

  knownName(laptopId: string): string | null {
    return this.names.get(laptopId) ?? null;
  }

  join(group: { id: string; name: string }): Promise<ApiResult<unknown>> {
    this.group = group;
    return Promise.resolve({ ok: true, view: null as never });
  }

  /** This laptop's own file, then its manifest (as the core publishes an ended night). */
  publish(path: string, text: string): void {
    const own = this.laptops.get(this.laptopId) ?? new Map<string, Uint8Array>();
    own.set(path, Buffer.from(text));
    const files: Record<string, { bytes: number; sha256: string }> = {};
    for (const [name, bytes] of own) if (name !== 'manifest.json') files[name] = { bytes: bytes.byteLength, sha256: sha(bytes) };
    own.set('manifest.json', Buffer.from(JSON.stringify({ laptopId: this.laptopId, files })));
    this.laptops.set(this.laptopId, own);
  }

  held(): PeerManifestAnswer {
    const out: PeerManifestAnswer = {};
    for (const [laptopId, files] of this.laptops) {
      out[laptopId] = [...files].map(([path, bytes]): GroupFileEntry => ({ path, bytes: bytes.byteLength, sha256: sha(bytes) }));
    }
    return out;
  }

  idShared(laptop: string): Promise<void> {
    this.sameId.push(laptop);
    return Promise.resolve();
  }

  read(laptopId: string, path: string): Uint8Array | undefined {
    return this.laptops.get(laptopId)?.get(path);
  }

  receive(laptopId: string, files: ReadonlyMap<string, Uint8Array>): Promise<void> {
    this.received.push({ laptopId, paths: [...files.keys()].sort() });
    const manifest = files.get('manifest.json');
    if (!manifest) return Promise.resolve();
    const listed = (JSON.parse(Buffer.from(manifest).toString('utf8')) as { files: Record<string, { sha256: string }> }).files;
    const mine = this.laptops.get(laptopId) ?? new Map<string, Uint8Array>();
    for (const [path, entry] of Object.entries(listed)) {
      const bytes = files.get(path) ?? mine.get(path);
      if (!bytes || sha(bytes) !== entry.sha256) return Promise.resolve();
      mine.set(path, bytes);
    }
    mine.set('manifest.json', manifest);
    this.laptops.set(laptopId, mine);
    return Promise.resolve();
  }

  /** No night is open on a stand-in, and it signs nothing (the live copy's tests use real sessions). */
  openNight(): null {
    return null;
  }

  signer(): undefined {
    return undefined;
  }

  keyOf(): undefined {
    return undefined;
  }

  sharedNight(): null {
    return null;
  }

  /** Nor does it hand a night over or take one over: the tests of moving a night use real sessions too. */
  handOverNight(): Promise<ApiResult<never>> {
    return Promise.resolve({ ok: false, error: { code: 'no-night', message: 'a stand-in holds no night' } } as ApiResult<never>);
  }

  takeOverNight(): Promise<ApiResult<never>> {
    return Promise.resolve({ ok: false, error: { code: 'no-night', message: 'a stand-in holds no night' } } as ApiResult<never>);
  }

  takenOverFrom(): null {
    return null;
  }

  movedAwayEpoch(): null {
    return null;
  }

  nightMovedAway(): Promise<boolean> {
    return Promise.resolve(false);
  }

  /** Nor does it tell a host of a copy cut back. */
  copyCutBack(): Promise<void> {
    return Promise.resolve();
  }

  text(laptopId: string, path: string): string | undefined {
    const bytes = this.read(laptopId, path);
    return bytes ? Buffer.from(bytes).toString('utf8') : undefined;
  }
}

function sha(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
