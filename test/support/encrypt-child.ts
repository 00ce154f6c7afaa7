// Child process for the encryption test: encrypts a plain journal under a key until the parent
// kills it (at any point of the work). argv: FILE KEY_HEX
import { encryptInPlace } from '@main/journal/sqlite/database';

const [file = '', hex = ''] = process.argv.slice(2);
process.stdout.write('start\n');
encryptInPlace(file, Buffer.from(hex, 'hex'));
process.stdout.write('done\n');
