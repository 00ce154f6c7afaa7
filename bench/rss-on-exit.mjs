// Loaded with `node --import` into a measured process: prints its peak RSS (KiB) on standard error at exit.
import { writeSync } from 'node:fs';

process.on('exit', () => writeSync(2, `\nmaxrss-kib ${process.resourceUsage().maxRSS}\n`));
