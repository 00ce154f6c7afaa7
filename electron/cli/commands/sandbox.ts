import type { Command } from 'commander';
import { startSandbox } from '../../sandbox/server';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../sandbox/tokens';
import { writeSandboxLink } from '../../main/core/sandbox-link';
import { dataHome } from '../../main/profiles/data-home';
import { mkdirSync } from 'node:fs';
import { CliFailure } from '../output';
import { DATE_FORMATS } from '../../../shared/profile/schema';

/** `feed-desk sandbox [--port N]`: runs the built-in sandbox service until interrupted. */
export function registerSandbox(program: Command): void {
  program
    .command('sandbox')
    .description('Run the built-in sandbox Feed Service on 127.0.0.1 (Ctrl+C stops it)')
    .option('--port <n>', 'port to listen on (default: a free one)')
    .option('--date-format <format>', 'wire date format it accepts: YYYY-MM-DD (default), DD/MM/YYYY, MM/DD/YYYY')
    .action(async (opts: { port?: string; dateFormat?: string }) => {
      const port = opts.port === undefined ? 0 : Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliFailure('--port takes 0 to 65535');
      const dateFormat = DATE_FORMATS.find((f) => f === (opts.dateFormat ?? 'YYYY-MM-DD'));
      if (!dateFormat) throw new CliFailure(`--date-format takes ${DATE_FORMATS.join(', ')}`);
      const sandbox = await startSandbox({ port, dateFormat });
      const home = dataHome();
      mkdirSync(home, { recursive: true });
      const unlink = writeSandboxLink(home, sandbox.url);
      process.stdout.write(
        `Sandbox Feed Service listening on ${sandbox.url}\n` +
          `  demo client_id:     ${SANDBOX_CLIENT_ID}\n` +
          `  demo client_secret: ${SANDBOX_CLIENT_SECRET}\n` +
          `  the Sandbox profile of ${home} now points here; Ctrl+C stops it\n`,
      );
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      unlink();
      await sandbox.close();
    });
}
