/**
 * A group's history on many laptops (docs/group.md): the model the three
 * transports feed (a group folder, the LAN, a file). Node only: no
 * electron, no vue; the engine, ledger and shared stay pure.
 */
export { bundleText, importBundle, parseBundle, type GroupBundle } from './groupBundle';
export { GroupDocs, validMerges, type SharedHistory, type SharedPlayer } from './groupDocs';
export {
  groupIdSchema,
  groupNameSchema,
  laptopIdentity,
  laptopIdSchema,
  readGroupFile,
  type GroupFile,
  type HeardLaptop,
  type LaptopIdentity,
} from './groupFile';
export { FolderReader, folderGroup, isSyncToolLeftover, publishToFolder, writeFolderGroup, type FolderGroup } from './groupFolder';
export { GroupHistory, type GroupContext, type GroupNight, type ReceiveOptions, type ReceiveReport, type SetAside } from './groupHistory';
export { DOCS_NAME, MANIFEST_NAME, manifestSchema, nightFileName, type LaptopFiles, type Manifest } from './manifest';
export { judgeNight, sharedJournalText } from './nightIntake';
