import { resolve } from 'node:path';
import vue from '@vitejs/plugin-vue';
import type { Plugin } from 'vite';
import { defineConfig } from 'electron-vite';
import { precompiledMessages } from './scripts/build/precompileMessages';

const PHONE_PAGE = resolve(import.meta.dirname, 'src/renderer/phone.html');

/**
 * Three builds (docs/design.md): main (Node, ESM), the two preloads (sandboxed, so
 * each one CommonJS file that requires nothing but `electron`), renderer (Vue).
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Node packages stay in node_modules; main loads them at run time.
      externalizeDeps: true,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/main/index.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require npm packages or a shared chunk:
      // bundle everything each one imports (src/shared types, channels.ts and
      // registry.ts), leave `electron` out, and build the two entries apart so
      // Rollup cannot split what they share into a chunk (docs/design.md).
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: {
          console: resolve(import.meta.dirname, 'src/preload/console.ts'),
          table: resolve(import.meta.dirname, 'src/preload/table.ts'),
        },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    // Every component is `<script setup>`: without the Options API, Vue's runtime is smaller on every page.
    // The messages precompiled into functions (scripts/build/precompileMessages.ts): no message compiled on the pages.
    plugins: [vue({ features: { optionsAPI: false } }), devServerCspMeta(), precompiledMessages()],
    // vue-i18n's bundler flags: composition API only, no devtools hooks in production.
    define: {
      __VUE_I18N_FULL_INSTALL__: true,
      __VUE_I18N_LEGACY_API__: false,
      __INTLIFY_PROD_DEVTOOLS__: false,
    },
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      // The phones' LAN listener serves only the phone page and the files it needs, read from this manifest (src/main/host/phoneAccess.ts).
      // Beside the pages rather than in .vite/, which packaging would leave out as a hidden folder.
      manifest: 'build-manifest.json',
      // Minified: every page's first load is about 40 % smaller (the phone's over the house Wi-Fi most of all); electron-vite leaves it off.
      minify: true,
      rollupOptions: {
        // phone.html: a phone's read-only page (src/renderer/src/phone), its own small entry with no console code.
        input: {
          index: resolve(import.meta.dirname, 'src/renderer/index.html'),
          phone: PHONE_PAGE,
        },
      },
    },
  },
});

/**
 * The dev server injects styles inline for hot reload, which the strict CSP
 * meta tag of index.html forbids; a meta policy cannot be loosened by a
 * header, so in `npm run dev` only the tag is dropped and the shell's dev
 * header (src/main/electron/security.ts) is the policy. Builds keep the tag.
 */
function devServerCspMeta(): Plugin {
  return {
    name: 'dealer:dev-server-csp-meta',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/\s*<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, ''),
  };
}
