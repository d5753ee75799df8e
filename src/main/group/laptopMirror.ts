import path from 'node:path';
import { groupDisk, writeFileDurably } from '../store';
import { groupPaths, laptopIdSchema } from './groupFile';
import { MANIFEST_NAME, manifestBytes, parseManifest, type Manifest } from './manifest';

/**
 * The local mirror in the data folder, `group/laptops/<laptopId>/`: per
 * laptop its ended nights (`nights/<id>.jsonl`), its group documents
 * (`docs.yjs`) and its `manifest.json`, always written after the files it
 * lists. This laptop's own subfolder is written by it alone; the others
 * hold what was taken in from their laptops, each file checked first.
 */
export class LaptopMirror {
  /** The manifests read or written, by laptop: this laptop is the mirror's only writer, so they stay true while it runs. */
  private readonly manifests = new Map<string, Manifest | undefined>();

  /** Each laptop's folder, its id checked (it becomes a path). */
  private readonly folders = new Map<string, string>();

  constructor(private readonly dataRoot: string) {}

  get root(): string {
    return groupPaths(this.dataRoot).laptops;
  }

  folderOf(laptopId: string): string {
    let folder = this.folders.get(laptopId);
    if (folder === undefined) {
      // Checked once per laptop, then kept: a start-up asks for the folder of each of thousands of nights.
      folder = path.join(this.root, laptopIdSchema.parse(laptopId));
      this.folders.set(laptopId, folder);
    }
    return folder;
  }

  /** The laptops the mirror holds a folder of. */
  laptops(): string[] {
    return groupDisk
      .namesIn(this.root)
      .filter((name) => laptopIdSchema.safeParse(name).success)
      .sort();
  }

  /** The manifest the mirror holds for a laptop; undefined when none (or when it cannot be read: its files are then taken in again). */
  manifest(laptopId: string): Manifest | undefined {
    if (this.manifests.has(laptopId)) return this.manifests.get(laptopId);
    const bytes = this.read(laptopId, MANIFEST_NAME);
    const parsed = bytes ? parseManifest(bytes) : null;
    const manifest = parsed?.ok ? parsed.manifest : undefined;
    this.manifests.set(laptopId, manifest);
    return manifest;
  }

  read(laptopId: string, name: string): Uint8Array | undefined {
    return groupDisk.readBytes(path.join(this.folderOf(laptopId), name));
  }

  /** The size of a held file on disk, or null when it is missing. */
  size(laptopId: string, name: string): number | null {
    return groupDisk.sizeOf(path.join(this.folderOf(laptopId), name));
  }

  /** Writes one file whole: killed mid-write, the old file or none is left, never half (store/durableFile.ts). */
  write(laptopId: string, name: string, bytes: Uint8Array, durable = true): void {
    writeFileDurably(path.join(this.folderOf(laptopId), name), bytes, { durable });
  }

  /** The manifest, written last: what it lists is on disk whole before it says so. */
  writeManifest(manifest: Manifest): void {
    this.manifests.delete(manifest.laptopId);
    this.write(manifest.laptopId, MANIFEST_NAME, manifestBytes(manifest));
    this.manifests.set(manifest.laptopId, manifest);
  }
}
