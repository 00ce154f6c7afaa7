import type { Handlers } from '../dispatch';
import type { Desktop } from '../desktop';

/** Settings › Journal: the office CA certificate is chosen in the native open dialog, not typed. */
export function caFileHandlers(desktop: Desktop): Pick<Handlers, 'journal:chooseCaFile'> {
  return {
    async 'journal:chooseCaFile'() {
      const path = await desktop.openFile({
        title: 'Choose the CA certificate that signed the office database server’s certificate',
        extensions: ['pem', 'crt', 'cer'],
        kind: 'Certificates',
      });
      return { path: path ?? null };
    },
  };
}
