import { describe, expect, it } from 'vitest';
import { markedAcceptedMessage } from '@main/journal/accept-words';

describe('the message of a row marked accepted', () => {
  it.each([
    ['unknown', 502, 'Answer lost (502 Bad Gateway); marked accepted by sam with recordid 7000123'],
    ['unknown', 504, 'Answer lost (504 Gateway Timeout); marked accepted by sam with recordid 7000123'],
    ['unknown', 201, 'Answer lost (201 with an unreadable reply); marked accepted by sam with recordid 7000123'],
    ['unknown', null, 'Answer lost (no answer); marked accepted by sam with recordid 7000123'],
    ['failed', 418, 'Not sent (HTTP 418); marked accepted by sam with recordid 7000123'],
    ['failed', 429, 'Not sent (429 Too Many Requests); marked accepted by sam with recordid 7000123'],
  ] as const)('from %s with status %s', (from, status, message) => {
    expect(markedAcceptedMessage(from, status, 'sam', 7000123)).toBe(message);
  });
});
