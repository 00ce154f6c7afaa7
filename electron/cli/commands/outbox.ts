import type { Command } from 'commander';
import { withContext } from '../context';
import { printJson } from '../output';
import { seconds } from '../options';
import { rowJson } from '../report';
import { printTable } from '../table';

/** `feed-desk outbox [list|drain]`: what is waiting to be sent, and sending it. */
export function registerOutbox(program: Command): void {
  const outbox = program
    .command('outbox')
    .description('Submissions queued or waiting for an automatic retry (`outbox` alone lists them)');
  outbox
    .command('list', { isDefault: true })
    .description('List what is queued, sending, or failed and waiting (oldest first)')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const { rows } = await ctx.core.journal.list({
          states: ['queued', 'failed', 'sending'],
          sort: 'id',
          direction: 'asc',
          limit: 1000,
        });
        if (opts.json) printJson(rows.map(rowJson));
        else if (rows.length === 0) process.stdout.write('the outbox is empty\n');
        else printTable(rows);
      }),
    );
  outbox
    .command('drain')
    .description('Send everything queued or due for retry, and wait; exits 1 while anything is still waiting')
    .option('--wait <seconds>', 'give up waiting for retries after this long', seconds('--wait'), 60)
    .option('--json', 'print the count accepted and the remaining rows as JSON')
    .action((opts: { wait: number; json?: boolean }) =>
      withContext(async (ctx) => {
        const wait = opts.wait;
        const before = (await ctx.core.journal.list({ states: ['accepted'], limit: 1 })).total;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), wait * 1000)));
        const ended = await Promise.race([ctx.core.outbox.drain().then(() => 'drained' as const), timeout]);
        clearTimeout(timer);
        ctx.core.outbox.pause();
        const accepted = (await ctx.core.journal.list({ states: ['accepted'], limit: 1 })).total - before;
        const left = (await ctx.core.journal.list({ states: ['queued', 'failed'], limit: 1000 })).rows;
        if (opts.json) printJson({ accepted, remaining: left.map(rowJson) });
        else
          process.stdout.write(
            `${accepted} accepted; ${left.length} still waiting${ended === 'timeout' ? ' (stopped waiting)' : ''}\n`,
          );
        process.exitCode = left.length === 0 ? 0 : 1;
      }),
    );
}
