/**
 * csv-parse's options for reading a CSV Feed Desk exported: past the byte order mark, and past the
 * personal-data notice line (`# Contains personal data…`) that comes first when the file holds any.
 */
export const EXPORTED_CSV = { bom: true, comment: '#', comment_no_infix: true } as const;
