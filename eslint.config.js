// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import pluginVue from 'eslint-plugin-vue';
import prettierConfig from 'eslint-config-prettier/flat';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import vueParser from 'vue-eslint-parser';
import { defineConfig } from 'eslint/config';

/*
 * docs/design.md's one-way layering, enforced per folder:
 *   shared <- engine <- ledger <- night <- store <- (session, history) <- (index.ts, host)
 * and `history` never imports `session`. The night checker (src/checker) stands apart: it imports none of them.
 * Only the Electron shell (src/main/index.ts, src/main/electron/**) and the
 * electron-store adapter may load `electron` / `electron-store`.
 *
 * Imports are relative paths, so each folder's rule names the folders it may
 * not reach by their last path segment (e.g. `../session/x`, `../../main/y`).
 * Flat config replaces (does not merge) a rule's options when several blocks
 * match, so every block below spells out its whole list.
 */

/** Every Node built-in, with and without the `node:` prefix. */
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));

/** A relative import that climbs out (`../`) and into one of `folders`. */
const relativeInto = (folders, message) => ({
  regex: `^(\\.\\./)+(.*/)?(${folders.join('|')})(/.*)?$`,
  caseSensitive: true,
  message,
});

/** `../index` (any depth): the Electron entry point src/main/index.ts. */
const mainEntry = (message) => ({
  regex: '^(\\.\\./)+index(\\.[jt]s)?$',
  caseSensitive: true,
  message,
});

/** Any bare (package or built-in) specifier except the ones allowed. */
const packagesExcept = (allowed, message) => ({
  regex: `^(?!\\.|(${allowed.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(/.*)?$)`,
  caseSensitive: true,
  message,
});

const nodeBuiltins = (message) => [
  { regex: '^node:', caseSensitive: true, message },
  { regex: `^(${NODE_BUILTINS.map((n) => n.replace('/', '\\/')).join('|')})(/.*)?$`, caseSensitive: true, message },
];

const ELECTRON_ONLY_IN_SHELL =
  'only src/main/index.ts, src/main/electron/** and src/main/store/electronStoreBackend.ts may load electron / electron-store / electron-updater (docs/design.md)';
const electronPackages = (message = ELECTRON_ONLY_IN_SHELL) => [
  { name: 'electron', message },
  { name: 'electron-store', message },
  { name: 'electron-updater', message },
];

const restrict = (files, { paths = [], patterns = [] }, ignores = []) => ({
  files,
  ...(ignores.length ? { ignores } : {}),
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }],
  },
});

/** What the pure layers' unit tests may load on top (property tests, hashing fixtures). */
const TEST_TOOLS = ['vitest', 'fast-check', 'node:crypto'];

const rendererPaths = [
  ...electronPackages('the renderer reaches main only through window.api'),
  ...['conf', 'ws'].map((name) => ({ name, message: 'the renderer runs in a browser page' })),
];
const rendererPatterns = [
  relativeInto(['main', 'preload'], 'the renderer imports only its own code and src/shared'),
  ...nodeBuiltins('the renderer runs in a browser page: no node: modules'),
];
/** The index re-exports every schema: one value taken from it puts zod and the whole contract in a page's first load (`npm run bench`, first-load lines). */
const sharedIndexValues = {
  regex: '^(\\.\\./)+shared(/index|/settings|/commands|/payDetails|/vocabulary|/preferences|/chips|/zodIssue)?$',
  caseSensitive: true,
  allowTypeImports: true,
  message:
    'the renderer takes values from the src/shared module that holds them (shared/choices, shared/payLinks, ...), never from the index or a module of schemas, which bring zod into the first load',
};

/**
 * One door for every command (docs/design.md): whether a role may send a command is decided in
 * src/main/session/door.ts alone, for every transport; and only src/main/electron/ipc.ts touches
 * `ipcMain` (as VS Code keeps its validatedIpcMain), so no other file can open a channel that
 * skips the sender check. Flat config replaces a rule's options where blocks overlap, so each
 * exception below repeats the selectors it keeps.
 */
const ROLE_CHECK_ONLY_AT_THE_DOOR = {
  selector: "Identifier[name='roleMaySend']",
  message:
    "whether a role may send a command is decided at the session's one door (src/main/session/door.ts): call service.run(role, command, args)",
};
const IPC_MAIN_ONLY_IN_IPC = [
  { selector: "ImportSpecifier[imported.name='ipcMain']", message: 'only src/main/electron/ipc.ts may use ipcMain: add a handler there' },
  {
    selector: "MemberExpression[property.name='ipcMain']",
    message: 'only src/main/electron/ipc.ts may use ipcMain: add a handler there',
  },
  {
    selector: "ObjectPattern > Property[key.name='ipcMain']",
    message: 'only src/main/electron/ipc.ts may use ipcMain: add a handler there',
  },
];
const DOOR_FILE = 'src/main/session/door.ts';
const IPC_FILE = 'src/main/electron/ipc.ts';
const oneDoor = [
  {
    name: 'one-door/everywhere',
    files: ['src/**/*.{ts,vue}'],
    ignores: [DOOR_FILE, IPC_FILE],
    rules: { 'no-restricted-syntax': ['error', ROLE_CHECK_ONLY_AT_THE_DOOR, ...IPC_MAIN_ONLY_IN_IPC] },
  },
  { name: 'one-door/the-door', files: [DOOR_FILE], rules: { 'no-restricted-syntax': ['error', ...IPC_MAIN_ONLY_IN_IPC] } },
  { name: 'one-door/ipc', files: [IPC_FILE], rules: { 'no-restricted-syntax': ['error', ROLE_CHECK_ONLY_AT_THE_DOOR] } },
];

const layering = [
  // Everything in main by default: no electron outside the shell, no reaching into preload/renderer.
  restrict(
    ['src/main/**/*.ts'],
    {
      paths: electronPackages(),
      patterns: [relativeInto(['preload', 'renderer'], 'main never imports the preload or the renderer')],
    },
    ['src/main/index.ts', 'src/main/electron/**', 'src/main/store/electronStoreBackend.ts'],
  ),
  restrict(['src/main/index.ts', 'src/main/electron/**/*.ts', 'src/main/store/electronStoreBackend.ts'], {
    patterns: [relativeInto(['preload', 'renderer'], 'main never imports the preload or the renderer')],
  }),
  // The contract: imports nothing from the app, Electron, Vue or Node.
  restrict(['src/shared/**/*.ts'], {
    paths: [
      ...electronPackages('src/shared is the contract: no electron (docs/design.md)'),
      ...['conf', 'vue', 'pinia', 'ws'].map((name) => ({ name, message: 'src/shared is the contract: no runtime packages but zod' })),
    ],
    patterns: [
      relativeInto(['main', 'preload', 'renderer'], 'src/shared imports nothing from main, preload or renderer'),
      ...nodeBuiltins('src/shared runs in the renderer too: no node: modules'),
    ],
  }),
  // The pure engine: shared, zod and node:crypto (hashing the seed, R9-R10) only. Tests may add their tools.
  ...[false, true].map((tests) =>
    restrict(
      [tests ? 'src/main/engine/**/*.test.ts' : 'src/main/engine/**/*.ts'],
      {
        patterns: [
          packagesExcept(
            ['zod', 'node:crypto', ...(tests ? TEST_TOOLS : [])],
            'the engine is pure: only zod and node:crypto (docs/design.md)',
          ),
          relativeInto(
            ['ledger', 'night', 'session', 'history', 'store', 'host', 'electron', 'preload', 'renderer'],
            'the engine imports only src/shared',
          ),
          mainEntry('the engine imports only src/shared'),
        ],
      },
      tests ? [] : ['src/main/engine/**/*.test.ts'],
    ),
  ),
  // The ledger: shared and engine.
  ...[false, true].map((tests) =>
    restrict(
      [tests ? 'src/main/ledger/**/*.test.ts' : 'src/main/ledger/**/*.ts'],
      {
        patterns: [
          packagesExcept(['zod', ...(tests ? TEST_TOOLS : [])], 'the ledger imports only src/shared and the engine (and zod)'),
          relativeInto(
            ['night', 'session', 'history', 'store', 'host', 'electron', 'preload', 'renderer'],
            'the ledger imports only src/shared and the engine',
          ),
          mainEntry('the ledger imports only src/shared and the engine'),
        ],
      },
      tests ? [] : ['src/main/ledger/**/*.test.ts'],
    ),
  ),
  // The night: journal format, upcasting, replay, export. Pure (no I/O): shared, engine, ledger and zod.
  ...[false, true].map((tests) =>
    restrict(
      [tests ? 'src/main/night/**/*.test.ts' : 'src/main/night/**/*.ts'],
      {
        paths: electronPackages(),
        patterns: [
          // Its tests read fixtures: journals written by earlier versions.
          packagesExcept(
            ['zod', ...(tests ? [...TEST_TOOLS, 'node:fs'] : [])],
            'the night journal is pure: it reads and writes no files (the store does)',
          ),
          relativeInto(
            ['store', 'session', 'history', 'host', 'electron', 'preload', 'renderer'],
            'the night imports only src/shared, the engine and the ledger',
          ),
          mainEntry('the night imports only src/shared, the engine and the ledger'),
        ],
      },
      tests ? [] : ['src/main/night/**/*.test.ts'],
    ),
  ),
  // The night checker (src/checker): re-judges an export from the rules alone, so it imports nothing of the app,
  // only zod and node:crypto (behind hash.ts, the one file to replace for a browser). Tests may add their tools and fixtures.
  ...[false, true].map((tests) =>
    restrict(
      [tests ? 'src/checker/**/*.test.ts' : 'src/checker/**/*.ts'],
      {
        paths: electronPackages('the night checker imports nothing of the app (docs/night-checker.md)'),
        patterns: [
          packagesExcept(
            ['zod', 'node:crypto', ...(tests ? [...TEST_TOOLS, 'node:fs'] : [])],
            'the night checker is pure: zod and node:crypto only (docs/night-checker.md)',
          ),
          relativeInto(
            [
              'main',
              'engine',
              'ledger',
              'night',
              'session',
              'history',
              'store',
              'host',
              'electron',
              'shared',
              'preload',
              'renderer',
              'scripts',
            ],
            'the night checker re-judges a night from docs/rules.md alone: it imports nothing of the app (docs/night-checker.md)',
          ),
        ],
      },
      tests ? [] : ['src/checker/**/*.test.ts'],
    ),
  ),
  // The store: below the session.
  restrict(
    ['src/main/store/**/*.ts'],
    {
      paths: electronPackages(),
      patterns: [
        relativeInto(['session', 'history', 'host', 'electron', 'preload', 'renderer'], 'the store sits below the session and the history'),
        mainEntry('the store may not import the Electron entry point'),
      ],
    },
    ['src/main/store/electronStoreBackend.ts'],
  ),
  restrict(['src/main/store/electronStoreBackend.ts'], {
    patterns: [
      relativeInto(['session', 'history', 'host', 'electron', 'preload', 'renderer'], 'the store sits below the session and the history'),
      mainEntry('the store may not import the Electron entry point'),
    ],
  }),
  // The group: its files on disk go through the store (store/groupDisk.ts, store/durableFile.ts), like everything on disk.
  // Its tests and the crash tests' child (crashChild.ts) read and write their scratch folders themselves.
  restrict(
    ['src/main/group/**/*.ts'],
    {
      paths: [
        ...electronPackages('the group runs in plain Node too (headless host): no electron'),
        ...['node:fs', 'fs', 'node:fs/promises', 'fs/promises'].map((name) => ({
          name,
          message:
            'the group reads and writes files through the store (store/groupDisk.ts, writeFileDurably): docs/design.md, the store holds everything on disk',
        })),
      ],
      patterns: [
        relativeInto(
          ['session', 'host', 'electron', 'preload', 'renderer'],
          'the group sits below the session and the host (docs/design.md)',
        ),
        mainEntry('the group may not import the Electron entry point'),
      ],
    },
    ['src/main/group/**/*.test.ts', 'src/main/group/testing.ts', 'src/main/group/crashChild.ts'],
  ),
  // The session: runs in Electron and in plain Node alike.
  restrict(['src/main/session/**/*.ts'], {
    paths: electronPackages('the session runs in plain Node too (headless host): no electron'),
    patterns: [
      relativeInto(['host', 'electron', 'preload', 'renderer'], 'the session may not import the host or the Electron shell'),
      mainEntry('the session may not import the Electron entry point'),
    ],
  }),
  // The history: reads the nights; never the session (the session asks it questions, not the other way).
  restrict(
    ['src/main/history/**/*.ts'],
    {
      paths: electronPackages('the history runs in plain Node too (headless host): no electron'),
      patterns: [
        relativeInto(
          ['session', 'host', 'electron', 'preload', 'renderer'],
          'the history never imports the session, the host or the shell (docs/design.md)',
        ),
        mainEntry('the history may not import the Electron entry point'),
      ],
    },
    ['src/main/history/**/*.test.ts'],
  ),
  // The history's tests drive a real session (the way the app asks its questions).
  restrict(['src/main/history/**/*.test.ts'], {
    paths: electronPackages('the history runs in plain Node too (headless host): no electron'),
    patterns: [
      relativeInto(['host', 'electron', 'preload', 'renderer'], "the history's tests use the session, never the host or the shell"),
    ],
  }),
  // The headless host: plain Node, no Electron shell.
  restrict(['src/main/host/**/*.ts'], {
    paths: electronPackages('the headless host runs without Electron'),
    patterns: [
      relativeInto(['electron', 'preload', 'renderer'], 'the headless host runs without Electron'),
      mainEntry('the headless host runs without Electron'),
      { regex: 'electronStoreBackend', caseSensitive: true, message: 'the headless host uses confBackend, not electron-store' },
    ],
  }),
  // The preload: electron, plus types, channel names and the registry from src/shared (it is bundled, sandboxed).
  restrict(['src/preload/**/*.ts'], {
    patterns: [
      packagesExcept(['electron'], 'the sandboxed preload can require nothing but electron'),
      relativeInto(['main', 'renderer'], 'the preload imports only electron and src/shared'),
      {
        regex: '(^|/)shared(/(?!channels$|registry$)[^/]+)?$',
        caseSensitive: true,
        allowTypeImports: true,
        message: 'the preload may import only types, channels.ts and registry.ts from src/shared (zod cannot load in a sandboxed preload)',
      },
    ],
  }),
  // The renderer: its own code and src/shared; it reaches main only through window.api.
  restrict(['src/renderer/**/*.{ts,vue}'], { paths: rendererPaths, patterns: [...rendererPatterns, sharedIndexValues] }, [
    'src/renderer/**/*.test.ts',
  ]),
  // Its tests run in Node, where the first load does not matter: they may take values from the index.
  restrict(['src/renderer/**/*.test.ts'], { paths: rendererPaths, patterns: rendererPatterns }),
];

export default defineConfig(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'e2e/artifacts/**', 'playwright-report/**', 'test-results/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  // Template layout (attributes per line, line breaks) is formatting, not correctness: keep the rest of `recommended`.
  { name: 'vue/no-layout-rules', files: ['**/*.vue'], rules: pluginVue.configs['no-layout-rules'].rules },
  {
    files: ['**/*.vue'],
    languageOptions: {
      parser: vueParser,
      parserOptions: {
        parser: tseslint.parser,
        extraFileExtensions: ['.vue'],
        sourceType: 'module',
      },
    },
  },
  {
    files: ['src/main/**', 'src/preload/**', 'scripts/**', 'e2e/**', '*.config.{js,ts}', '.ci/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // tsconfig.node.json has the DOM lib for e2e's page.evaluate callbacks; main never has a page.
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage'].map((name) => ({
          name,
          message: 'the main process has no page; this global does not exist here',
        })),
      ],
    },
  },
  {
    rules: {
      // Unused arguments named _x are deliberate (handlers with fixed signatures).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // The typed variant below understands `import type`.
      'no-restricted-imports': 'off',
    },
  },
  // Type-aware rules: a promise nobody awaits loses its rejection, and `any` leaking out of JSON.parse, IPC, a
  // socket or `Array.isArray` lets unchecked input through unseen. They need the type checker (projectService,
  // the tsconfigs' own programs), so they run where that pays: the TypeScript sources of main, preload, shared,
  // the checker, and the renderer's .ts and .vue scripts. The checker reads a .vue file's script through
  // vue-eslint-parser; a component it imports is typed by src/renderer/src/components.d.ts (vue-tsc, in
  // `npm run typecheck`, checks the components themselves). Not on tests, e2e or scripts: tried, they found
  // no floating promise, only `expect.any()` and vi mocks (any by design), and tripled the time of `npm run lint`.
  {
    name: 'typed/promises-and-unsafe-any',
    files: ['src/**/*.ts', 'src/renderer/**/*.vue'],
    ignores: ['src/**/*.test.ts', 'src/**/*.d.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname, extraFileExtensions: ['.vue'] },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
    },
  },
  ...layering,
  ...oneDoor,
  // Layout is Prettier's (`npm run format`, checked by `npm run lint`): no lint rule may disagree with it.
  prettierConfig,
);
