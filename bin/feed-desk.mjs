#!/usr/bin/env node
// Runs the TypeScript CLI from the checkout through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../electron/cli/main.ts');
