// A .sql file imported with `?raw` is its text (Vite and vitest natively; esbuild through
// scripts/build-cli.mjs, tsx and Playwright through bin/sql-text-hook.mjs).
declare module '*.sql?raw' {
  const text: string;
  export default text;
}
