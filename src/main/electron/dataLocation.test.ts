import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirArgument, dataLocation, executableFolder, PORTABLE_FOLDER } from './dataLocation';

const base = { execPath: '/media/usb/dealer/in-between-dealer', env: {}, userData: '/home/ana/.config/In-Between Dealer' };
const nothingThere = () => false;

describe('where the data lives', () => {
  it('by default in the per-user application folder', () => {
    expect(dataLocation({ ...base, argv: ['dealer'], exists: nothingThere })).toEqual({
      dataDir: path.join(base.userData, 'data'),
      userData: null,
      how: 'user-data',
    });
  });

  it('--data-dir puts it where the host says, in either spelling', () => {
    expect(dataDirArgument(['dealer', '--data-dir=/srv/dealer'])).toBe('/srv/dealer');
    expect(dataDirArgument(['dealer', '--data-dir', '/srv/dealer'])).toBe('/srv/dealer');
    expect(dataDirArgument(['dealer', '--data-dir='])).toBeUndefined();
    expect(dataLocation({ ...base, argv: ['dealer', '--data-dir', '/srv/dealer'], exists: () => true })).toMatchObject({
      dataDir: '/srv/dealer',
      how: 'data-dir',
    });
  });

  it("a `portable` file beside the executable keeps everything beside it (a USB stick), Electron's own files too", () => {
    const exists = (file: string) => file === '/media/usb/dealer/portable';
    expect(dataLocation({ ...base, argv: ['dealer'], exists })).toEqual({
      dataDir: path.join('/media/usb/dealer', PORTABLE_FOLDER, 'data'),
      userData: path.join('/media/usb/dealer', PORTABLE_FOLDER, 'app'),
      how: 'portable',
    });
  });

  it("the executable's folder is where the AppImage, the portable .exe or the macOS bundle is, not where it unpacked", () => {
    expect(executableFolder('/tmp/.mount_dealer/dealer', { APPIMAGE: '/media/usb/In-Between-Dealer.AppImage' })).toBe('/media/usb');
    expect(executableFolder('C:\\Temp\\x\\dealer.exe', { PORTABLE_EXECUTABLE_DIR: 'E:\\dealer' })).toBe('E:\\dealer');
    expect(executableFolder('/Volumes/USB/In-Between Dealer.app/Contents/MacOS/In-Between Dealer', {})).toBe('/Volumes/USB');
  });
});
