/**
 * A group's history on many laptops (docs/group.md): the model the three
 * transports feed (a group folder, the LAN, a file). Node only: no
 * electron, no vue; the engine, ledger and shared stay pure.
 */
export { bundleText, importBundle, parseBundle } from './groupBundle';
export { type SharedHistory } from './groupDocs';
export { joinedLaptop, laptopIdentity, newGroupId } from './groupFile';
export { FolderReader, folderGroup, publishToFolder, writeFolderGroup, type FolderGroup } from './groupFolder';
export { GroupHistory, type GroupContext, type GroupNight, type ReceiveReport } from './groupHistory';
export { MANIFEST_NAME, /** @internal */ manifestSchema, nightFileName, type LaptopFiles } from './manifest';
