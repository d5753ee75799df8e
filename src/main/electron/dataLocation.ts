import path from 'node:path';
import { z } from 'zod';

/**
 * Where the app keeps its data (docs/user-guide.md "Where the data lives"), decided
 * once at start, before anything is read:
 *
 * 1. `--data-dir=DIR` (or `--data-dir DIR`): that folder.
 * 2. Portable use (a USB stick): a file named `portable` beside the
 *    executable puts everything in `In-Between Dealer data/` beside it,
 *    Electron's own files included, so nothing is left on the computer.
 * 3. Otherwise `data/` in the OS's per-user application folder.
 *
 * Unless `--data-dir` decides, a folder the host moved the data to from the
 * console (`data-location.json` in Electron's folder) is used instead.
 *
 * Pure: the command line, the environment and the file system are given.
 */

/** The marker file that makes a copy of the app portable. */
const PORTABLE_MARKER = 'portable';
/**
 * The folder a portable copy keeps everything in, beside the executable.
 * @internal exported for tests only
 */
export const PORTABLE_FOLDER = 'In-Between Dealer data';
const DATA_DIR_SWITCH = '--data-dir';

export interface DataLocationInput {
  argv: readonly string[];
  /** process.execPath */
  execPath: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Electron's per-user application folder (app.getPath('userData')). */
  userData: string;
  exists: (file: string) => boolean;
}

export interface DataLocation {
  /** The data folder the session opens. */
  dataDir: string;
  /** Where Electron keeps its own files (and its one-instance lock), when it must move: portable use. */
  userData: string | null;
  how: 'data-dir' | 'portable' | 'user-data' | 'moved';
}

/** Where the host moved the data, kept in Electron's own folder; `setAside` is the old folder, until it has been set aside. */
export const DATA_POINTER = 'data-location.json';
/** A second copy of the pointer, so a start that finds the pointer deleted or damaged can still name the folder. */
export const DATA_POINTER_COPY = 'data-location.copy.json';
const dataPointerSchema = z.object({ dataDir: z.string().min(1), setAside: z.string().min(1).optional() });
export type DataPointer = z.infer<typeof dataPointerSchema>;

/** The pointer's content, or null when there is none or it cannot be read (the data stays where it was). */
export function parseDataPointer(text: string | null): DataPointer | null {
  if (text === null) return null;
  try {
    const parsed = dataPointerSchema.safeParse(JSON.parse(text));
    return parsed.success && path.isAbsolute(parsed.data.dataDir) ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The folder the host moved the data to wins over the marker and the default, never over --data-dir. */
export function withDataPointer(location: DataLocation, pointer: DataPointer | null): DataLocation {
  if (!pointer || location.how === 'data-dir') return location;
  return { ...location, dataDir: pointer.dataDir, how: 'moved' };
}

/**
 * The `--data-dir` value, or undefined; an empty value is no value.
 * @internal exported for tests only
 */
export function dataDirArgument(argv: readonly string[]): string | undefined {
  for (const [i, arg] of argv.entries()) {
    if (arg.startsWith(`${DATA_DIR_SWITCH}=`)) return arg.slice(DATA_DIR_SWITCH.length + 1) || undefined;
    if (arg === DATA_DIR_SWITCH) return argv[i + 1] || undefined;
  }
  return undefined;
}

/**
 * The folder the executable the host started is in: the AppImage file on
 * Linux and electron-builder's portable .exe on Windows unpack themselves
 * elsewhere and say where they came from; a macOS app is a bundle folder.
 * @internal exported for tests only
 */
export function executableFolder(execPath: string, env: Readonly<Record<string, string | undefined>>): string {
  if (env.PORTABLE_EXECUTABLE_DIR) return env.PORTABLE_EXECUTABLE_DIR;
  if (env.APPIMAGE) return path.dirname(env.APPIMAGE);
  const bundle = execPath.lastIndexOf('.app/Contents/MacOS/');
  if (bundle >= 0) return path.dirname(execPath.slice(0, bundle + '.app'.length));
  return path.dirname(execPath);
}

export function dataLocation(input: DataLocationInput): DataLocation {
  const chosen = dataDirArgument(input.argv);
  if (chosen !== undefined) return { dataDir: path.resolve(chosen), userData: null, how: 'data-dir' };
  const beside = executableFolder(input.execPath, input.env);
  if (input.exists(path.join(beside, PORTABLE_MARKER))) {
    const folder = path.join(beside, PORTABLE_FOLDER);
    return { dataDir: path.join(folder, 'data'), userData: path.join(folder, 'app'), how: 'portable' };
  }
  return { dataDir: path.join(input.userData, 'data'), userData: null, how: 'user-data' };
}

/** What the console asks when the pointer was lost: the folder opened, and the other one ('' when none is known). */
export interface LostPointerChoice {
  pointer: string;
  inUse: string;
  other: string;
}

/**
 * Where to start when the pointer to a moved folder is missing or damaged
 * (dataMove.ts `pointerProblem`): on the folder its copy names, when it is
 * there (the data the host last used), else where the app would start
 * without a pointer; either way the host is asked, naming both folders.
 */
export function startAfterLostPointer(
  base: DataLocation,
  problem: { file: string; moved: string | null } | null,
  exists: (folder: string) => boolean,
): { location: DataLocation; choice: LostPointerChoice | null } {
  if (!problem || base.how === 'data-dir') return { location: base, choice: null };
  const moved = problem.moved !== null && path.resolve(problem.moved) !== path.resolve(base.dataDir) ? problem.moved : null;
  if (moved !== null && exists(moved))
    return { location: { ...base, dataDir: moved, how: 'moved' }, choice: { pointer: problem.file, inUse: moved, other: base.dataDir } };
  return { location: base, choice: { pointer: problem.file, inUse: base.dataDir, other: moved ?? '' } };
}
