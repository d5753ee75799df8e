/**
 * What a `.vue` import is to a checker that reads TypeScript alone: the
 * type-aware lint (eslint.config.js, "typed/vue") runs the plain TypeScript
 * program, which cannot open a single-file component; a component is then a
 * component, not an unresolved `any`. vue-tsc (`npm run typecheck`) reads
 * the files themselves and never falls back to this.
 */
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
