/**
 * A group's history on many laptops (docs/group.md): the model the three
 * transports feed (a group folder, the LAN, a file). Node only: no
 * electron, no vue; the engine, ledger and shared stay pure.
 */
export { bundleText, importBundle, parseBundle } from './groupBundle';
export { type SharedHistory } from './groupDocs';
export { joinedLaptop, laptopIdentity, newGroupId, newLaptopId } from './groupFile';
export { FolderReader, folderGroup, writeFolderGroup, type FolderGroup } from './groupFolder';
export { GroupHistory, type GroupContext, type GroupNight, type ReceiveReport } from './groupHistory';
export { type NewIdMove } from './newLaptopId';
export {
  MANIFEST_NAME,
  /** @internal */ manifestSchema,
  nightFileName,
  /** @internal */ parseManifest,
  type LaptopFiles,
  type ListedFile,
} from './manifest';
export { publishToFolder } from './ownFolderCopy';
