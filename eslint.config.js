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
 * docs/design.md's one-way layering, enforced for every folder of src/main:
 * MAIN_LAYERS below is its "Layers" picture (who may import whom), and each
 * folder may not import any other folder of src/main, src/checker, the
 * preload or the renderer. src/main/layers.test.ts lints an import of every
 * folder from every folder with this config and holds the answers to the
 * picture, so the lint, the doc and the code say the same. The night checker
 * (src/checker) stands apart: it imports none of them. Only the Electron
 * shell (src/main/index.ts, src/main/electron/**) and the electron-store
 * adapter may load `electron` / `electron-store`. Outside src, e2e/ never
 * imports scripts/ (what both need is in harness/).
 *
 * Imports are relative paths, so each folder's rule names the folders it may
 * not reach (e.g. `../session/x`, `../../main/y`).
 * Flat config replaces (does not merge) a rule's options when several blocks
 * match, so every block below spells out its whole list.
 */

/**
 * docs/design.md "Layers": each folder of src/main and what it may import (`shared` is src/shared,
 * `checker` src/checker, `index.ts` the Electron entry). Tests and each layer's `testing/` folder
 * may reach further: TEST_REACH.
 */
const MAIN_LAYERS = {
  engine: ['shared'],
  ledger: ['shared'],
  night: ['shared', 'engine', 'ledger'],
  store: ['shared', 'engine', 'ledger', 'night'],
  history: ['shared', 'engine', 'ledger', 'night', 'store', 'checker'],
  group: ['shared', 'night', 'store', 'history', 'checker'],
  session: ['shared', 'engine', 'ledger', 'night', 'store', 'history', 'group'],
  simulation: ['shared', 'session'],
  host: ['shared', 'store', 'session', 'group'],
  electron: ['shared', 'store', 'session', 'host'],
};
/** What a layer's tests and test kit drive besides its own imports: a real session, the simulator's table, the checker. */
const TEST_REACH = {
  group: ['session'],
  history: ['session', 'simulation'],
  session: ['simulation', 'checker'],
};
const OTHER_LAYERS = [...Object.keys(MAIN_LAYERS), 'checker'];
/** A layer's own forbidden imports on top of its arrows, outside its tests and test kit. */
const EXTRA_PATHS = {
  // The group's files on disk go through the store (store/groupDisk.ts, store/durableFile.ts), like everything on disk.
  group: ['node:fs', 'fs', 'node:fs/promises', 'fs/promises'].map((name) => ({
    name,
    message:
      'the group reads and writes files through the store (store/groupDisk.ts, writeFileDurably): the store holds everything on disk',
  })),
};
/** A layer's own rules on top of its arrows. */
const EXTRA_PATTERNS = {
  host: [{ regex: 'electronStoreBackend', caseSensitive: true, message: 'the headless host uses confBackend, not electron-store' }],
};

/** Every Node built-in, with and without the `node:` prefix. */
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));

/** A relative import that climbs out (`../`) and into one of `folders`. */
const relativeInto = (folders, message) => ({
  regex: `^(\\.\\./)+(.*/)?(${folders.join('|')})(/.*)?$`,
  caseSensitive: true,
  message,
});

/** A relative import that climbs out (`../`) straight into one of `folders` of src/main or src (`../night/x`, `../../checker`). */
const layerInto = (folders, message) => ({
  regex: `^(\\.\\./)+(main/)?(${folders.join('|')})(/.*)?$`,
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

/** The packages the pure layers may load (none else, no Node built-in but these); a layer not named here may load any. */
const PACKAGES_OF = {
  engine: (tests) => ['zod', 'node:crypto', ...(tests ? TEST_TOOLS : [])],
  ledger: (tests) => ['zod', ...(tests ? TEST_TOOLS : [])],
  // Its tests read fixtures: journals written by earlier versions. R35's chain hashes RFC 8785 canonical JSON
  // (canonicalize) and signs with Ed25519 (node:crypto): computation, no file.
  night: (tests) => ['zod', 'canonicalize', 'node:crypto', ...(tests ? [...TEST_TOOLS, 'node:fs'] : [])],
};
const PACKAGES_MESSAGE = {
  engine: 'the engine is pure: only zod and node:crypto (docs/design.md)',
  ledger: 'the ledger imports only src/shared and the engine (and zod)',
  night: 'the night journal is pure: it reads and writes no files (the store does); it hashes and signs (canonicalize, node:crypto)',
};

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
  // Every folder of src/main: the folders MAIN_LAYERS does not let it import, and never the Electron entry point.
  ...Object.entries(MAIN_LAYERS).flatMap(([layer, allowed]) => {
    const message = `src/main/${layer} imports only ${allowed.join(', ')} (docs/design.md "Layers")`;
    const tests = [`src/main/${layer}/**/*.test.ts`, `src/main/${layer}/**/testing/**/*.ts`];
    const patternsFor = (isTest) => [
      ...(PACKAGES_OF[layer] ? [packagesExcept(PACKAGES_OF[layer](isTest), PACKAGES_MESSAGE[layer])] : []),
      layerInto(
        OTHER_LAYERS.filter((other) => other !== layer && !allowed.includes(other) && !(isTest && TEST_REACH[layer]?.includes(other))),
        isTest ? `${message}; its tests and test kit may also reach ${TEST_REACH[layer]?.join(', ') ?? 'nothing more'}` : message,
      ),
      relativeInto(['preload', 'renderer'], 'main never imports the preload or the renderer'),
      mainEntry(message),
      ...(EXTRA_PATTERNS[layer] ?? []),
    ];
    // Only the shell (electron/) and the electron-store adapter may load electron.
    const paths = layer === 'electron' ? [] : electronPackages();
    const adapter = layer === 'store' ? ['src/main/store/electronStoreBackend.ts'] : [];
    return [
      restrict([`src/main/${layer}/**/*.ts`], { paths: [...paths, ...(EXTRA_PATHS[layer] ?? [])], patterns: patternsFor(false) }, [
        ...tests,
        ...adapter,
      ]),
      restrict(tests, { paths, patterns: patternsFor(true) }),
      ...adapter.map((file) => restrict([file], { patterns: patternsFor(false) })),
    ];
  }),
  // The Electron entry: the shell alone.
  restrict(['src/main/index.ts'], {
    patterns: [
      {
        regex: `^\\./(${OTHER_LAYERS.filter((other) => other !== 'electron').join('|')})(/.*)?$`,
        caseSensitive: true,
        message: 'src/main/index.ts imports only the Electron shell (docs/design.md "Layers")',
      },
      layerInto([...OTHER_LAYERS, 'shared'], 'src/main/index.ts imports only the Electron shell (docs/design.md "Layers")'),
      relativeInto(['preload', 'renderer'], 'main never imports the preload or the renderer'),
    ],
  }),
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
            ['main', ...OTHER_LAYERS.filter((other) => other !== 'checker'), 'shared', 'preload', 'renderer', 'scripts', 'harness'],
            'the night checker re-judges a night from docs/rules.md alone: it imports nothing of the app (docs/night-checker.md)',
          ),
        ],
      },
      tests ? [] : ['src/checker/**/*.test.ts'],
    ),
  ),
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
  // The end-to-end tests drive the app from outside; what they share with the scripts is in harness/, never scripts/.
  restrict(['e2e/**/*.ts'], {
    patterns: [relativeInto(['scripts'], 'e2e/ never imports scripts/: move what both need into harness/')],
  }),
  // harness/ is what scripts/ and e2e/ share: it imports neither.
  restrict(['harness/**/*.ts'], {
    patterns: [relativeInto(['scripts', 'e2e'], 'harness/ is shared by scripts/ and e2e/: it imports neither')],
  }),
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
    files: ['src/main/**', 'src/preload/**', 'scripts/**', 'e2e/**', 'harness/**', '*.config.{js,ts}', '.ci/**'],
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
