// Starts the journal's thread from the TypeScript sources (tests and benchmarks run from a
// checkout through tsx); the built app starts the bundled journal-worker.js instead.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
