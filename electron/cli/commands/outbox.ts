import type { Command } from 'commander';
import { listSubmissions } from '../../main/journal/queries';
import { withContext } from '../context';
import { CliFailure, printJson } from '../output';
import { rowJson } from '../report';
import { printTable } from './journal';

/** `feed-desk outbox [drain]`: what is waiting to be sent, and sending it. */
export function registerOutbox(program: Command): void {
  const outbox = program.command('outbox').description('Submissions queued or waiting for an automatic retry');
  outbox
    .command('list', { isDefault: true })
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) =>
      withContext((ctx) => {
        const { rows } = listSubmissions(ctx.core.journal.db, {
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
    .description('Send everything queued or due for retry, and wait')
    .option('--wait <seconds>', 'give up waiting for retries after this long', '60')
    .option('--json', 'print the remaining rows as JSON')
    .action((opts: { wait: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const wait = Number(opts.wait);
        if (!Number.isFinite(wait) || wait < 0) throw new CliFailure('--wait takes a number of seconds');
        const before = listSubmissions(ctx.core.journal.db, { states: ['accepted'], limit: 1 }).total;
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), wait * 1000)));
        const ended = await Promise.race([ctx.core.outbox.drain().then(() => 'drained' as const), timeout]);
        clearTimeout(timer);
        await ctx.core.outbox.stop();
        const accepted = listSubmissions(ctx.core.journal.db, { states: ['accepted'], limit: 1 }).total - before;
        const left = listSubmissions(ctx.core.journal.db, { states: ['queued', 'failed'], limit: 1000 }).rows;
        if (opts.json) printJson({ accepted, remaining: left.map(rowJson) });
        else
          process.stdout.write(
            `${accepted} accepted; ${left.length} still waiting${ended === 'timeout' ? ' (stopped waiting)' : ''}\n`,
          );
        process.exitCode = left.length === 0 ? 0 : 1;
      }),
    );
}
