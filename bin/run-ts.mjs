#!/usr/bin/env node
// Runs one TypeScript file (benchmarks, scripts) through tsx's loader: node bin/run-ts.mjs FILE [ARGS].
import { register as registerHooks } from 'node:module';
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

register();
// After tsx, so it answers first for `.sql?raw` (see sql-text-hooks.mjs).
registerHooks('./sql-text-hooks.mjs', import.meta.url);
const [file, ...rest] = process.argv.slice(2);
process.argv = [process.argv[0], resolve(file), ...rest];
await import(pathToFileURL(resolve(file)).href);
