import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sampleParts, startRig, type Rig } from '@test/support/service';

// Optional free-text fields: any text, even empty, is a valid value for them.
const FREE_TEXT = ['title', 'initials', 'colour', 'address1', 'address2', 'town', 'county', 'description', 'model'];

/**
 * What multipart/form-data carries for a text value: its UTF-8 (lone surrogates become U+FFFD)
 * with every line break as CRLF, as the HTML form encoding prescribes. Text already written with
 * CRLF, which is how the entry schema writes long text, passes through unchanged.
 */
const onTheWire = (text: string) => text.toWellFormed().replace(/\r\n|\r|\n/g, '\r\n');

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

describe('multipart round trip', () => {
  it('delivers arbitrary Unicode text byte-identical to the sandbox (line breaks as CRLF)', async () => {
    const value = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('😀👩‍👩‍👧', 'line\r\nbreak', '"quoted" \'single\'', '--boundary\r\n--', 'a\u0000b', '\uFEFFbom'),
      fc.string({ minLength: 3000, maxLength: 3500 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FREE_TEXT), value, async (field, text) => {
        const parts = sampleParts().map(([n, v]) => (n === field ? ([n, text] as const) : ([n, v] as const)));
        const before = rig.sandbox.records.length;
        const { recordid } = await rig.feed.createEntry(parts);
        const stored = rig.sandbox.records[before];
        expect(stored?.recordid).toBe(recordid);
        const received = stored?.parts.find(([n]) => n === field)?.[1] ?? '';
        expect(Buffer.from(received, 'utf8').equals(Buffer.from(onTheWire(text), 'utf8'))).toBe(true);
        expect(stored?.parts.map(([n]) => n)).toEqual(parts.map(([n]) => n));
      }),
      { numRuns: 150 },
    );
  });
});
