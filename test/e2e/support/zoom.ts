/**
 * A 1024×768 window at 200 % zoom, as Chromium lays it out: a 512×384 CSS-pixel viewport drawn
 * at two device pixels per CSS pixel (the screenshots come out 1024×768).
 */
export const ZOOM_200 = { viewport: { width: 512, height: 384 }, deviceScaleFactor: 2 } as const;

/** The window sizes screens are checked and photographed at. */
export const SIZES = [
  { name: '1024x768', viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 },
  { name: '1280x800', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { name: '1920x1080', viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 },
  { name: '1024x768-zoom200', ...ZOOM_200 },
] as const;
