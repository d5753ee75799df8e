import type { Configuration } from 'electron-builder';
import { DEALER_FUSES } from './harness/electronFuses';
import { githubPublish } from './scripts/packaging/publish';

/**
 * Packaging (`npm run dist`): AppImage and deb on Linux, dmg on macOS, an
 * NSIS installer on Windows, each for the platform it runs on. The name and
 * version come from package.json. electron-builder downloads the Electron
 * build for the target (and, for AppImage/NSIS, its tools), so packaging
 * needs the network (or a filled Electron cache); the app itself does not.
 *
 * Releases (docs/release.md): .github/workflows/release.yml builds each on
 * its own system and drafts a GitHub release; `publish` writes the update
 * feeds (latest*.yml, app-update.yml inside the app) that electron-updater
 * reads from that release. Artifact names have no spaces, which GitHub would
 * rename and the feeds would then not find.
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
  artifactName: '${name}-${version}-${os}-${arch}.${ext}',
  publish: githubPublish(process.env),
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Game',
    icon: 'build/icons',
    executableName: 'in-between-dealer',
    synopsis: 'The dealer for a home game of In-Between played with real chips',
  },
  deb: { maintainer: 'In-Between Dealer <dealer@example.invalid>' },
  // The zip is what the updater installs on macOS (Squirrel.Mac); the dmg is what a host downloads first.
  mac: {
    target: ['dmg', 'zip'],
    category: 'public.app-category.card-games',
    icon: 'build/icon.png',
    // Notarised only with the Apple secrets (release.yml prints why not otherwise).
    notarize: Boolean(process.env['APPLE_ID'] && process.env['APPLE_APP_SPECIFIC_PASSWORD'] && process.env['APPLE_TEAM_ID']),
  },
  win: { target: ['nsis'], icon: 'build/icon.png' },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true },
};

export default config;
