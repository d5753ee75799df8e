import type { Configuration } from 'electron-builder';
import { DEALER_FUSES } from './scripts/packaging/fuses';

/**
 * Packaging (`npm run dist`): AppImage and deb on Linux, dmg on macOS, an
 * NSIS installer on Windows, each for the platform it runs on. The name and
 * version come from package.json. electron-builder downloads the Electron
 * build for the target (and, for AppImage/NSIS, its tools), so packaging
 * needs the network (or a filled Electron cache); the app itself does not.
 */
const config: Configuration = {
  appId: 'org.inbetween.dealer',
  productName: 'In-Between Dealer',
  copyright: 'MIT licence',
  directories: { output: 'dist', buildResources: 'build' },
  // Only what the app runs: the built main, preloads and renderer, and package.json (runtime
  // dependencies are added by electron-builder from `dependencies`).
  files: ['out/**/*', 'package.json', '!**/*.map'],
  asar: true,
  electronFuses: DEALER_FUSES,
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Game',
    icon: 'build/icons',
    executableName: 'in-between-dealer',
    synopsis: 'The dealer for a home game of In-Between played with real chips',
  },
  deb: { maintainer: 'In-Between Dealer <dealer@example.invalid>' },
  mac: { target: ['dmg'], category: 'public.app-category.card-games', icon: 'build/icon.png' },
  win: { target: ['nsis'], icon: 'build/icon.png' },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true },
};

export default config;
