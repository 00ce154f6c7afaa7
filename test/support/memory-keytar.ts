import type { KeytarLike } from '@main/credentials/keychain';

/**
 * An in-memory stand-in for keytar's three calls, so the real credential store (its origin
 * binding, renames and errors) runs without a Secret Service. The real keychain is covered by
 * test/electron/credentials/keychain.test.ts.
 */
export function memoryKeytar(): KeytarLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getPassword: async (service, account) => items.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void items.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => items.delete(`${service}/${account}`),
  };
}
