// Child-process probe: tries to save a credential and prints the outcome as one JSON line.
import { createCredentialStore } from '@main/credentials/keychain';
import { profileSchema } from '@shared/profile/schema';

try {
  await createCredentialStore().save(profileSchema.parse({ name: 'probe', baseUrl: 'https://feed.example' }), {
    clientId: 'id',
    clientSecret: 'probe-secret-value',
  });
  process.stdout.write(JSON.stringify({ ok: true }) + '\n');
} catch (err) {
  process.stdout.write(
    JSON.stringify({ ok: false, name: (err as Error).name, message: (err as Error).message }) + '\n',
  );
}
