/** A record the sandbox stored, with its parts exactly as received. */
export interface StoredRecord {
  recordid: number;
  kind: 'entry' | 'cancellation';
  parts: Array<[string, string]>;
  receivedAt: string;
}
