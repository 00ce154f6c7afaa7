import type { Updates } from '../updates/updates';

/** A question the main process asks the person in a native dialog, out of the page's reach. */
export interface ConfirmOptions {
  title: string;
  /** The question, naming what will happen (the server, how many rows). */
  message: string;
  detail: string;
  /** The label of the button that goes ahead; the other button cancels (the default). */
  confirmLabel: string;
}

/** The kinds of file the app saves. */
export type SaveKind = 'xlsx' | 'csv' | 'pdf' | 'json';

/** A kind of file as a save dialog names it. */
export const SAVE_KIND_NAMES: Record<SaveKind, string> = {
  xlsx: 'Excel workbook',
  csv: 'CSV (comma-separated text)',
  pdf: 'PDF',
  json: 'JSON',
};

/**
 * What the handlers need from the desktop shell: native save, open and confirm dialogs and printing the window's
 * page to PDF. The app wires Electron's dialog and `webContents.printToPDF`; the test harness wires
 * a chosen path and Chromium's `page.pdf`, so every handler runs under Node.
 */
export interface Desktop {
  /**
   * Asks where to save, offering `extension` (that of `defaultName`) first and `also` as other kinds of
   * file; undefined when the person cancels. What the chosen name ends in says which kind was chosen.
   */
  saveFile(options: {
    title: string;
    defaultName: string;
    extension: SaveKind;
    also?: readonly SaveKind[];
  }): Promise<string | undefined>;
  /** Asks for a file to open (`kind` names the filter: "Spreadsheets" unless given); undefined when the person cancels. */
  openFile(options: { title: string; extensions: readonly string[]; kind?: string }): Promise<string | undefined>;
  /** Shows a folder in the computer's file manager; why not, in words, when it cannot. */
  openFolder(path: string): Promise<string | undefined>;
  /** Asks the person to confirm in a native dialog; false when they cancel or close it. */
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** The page the window shows now, printed to PDF (A4, backgrounds printed), with `footer` on every page. */
  printToPdf(footer?: string): Promise<Uint8Array>;
  /** The folder holding the command line's npm tarball (the installers' resources/cli, or out/cli-package). */
  cliPackageFolder: string;
  /** The installed app's updates (none where the app runs from its source, as under npm start). */
  updates?: Updates;
  /** This version of Feed Desk, and of Electron where it runs in Electron. */
  versions: { app: string; electron: string | null };
}

/**
 * The options of Electron's `printToPDF` and Chromium's `page.pdf` (the same names) that print
 * `footer`, plain text, at the foot of every page and no header; none without a footer. It sits in
 * the page's bottom margin (the summary's @page rule leaves 14 mm).
 */
export function pdfFooter(footer: string | undefined) {
  if (!footer) return {};
  const text = footer.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: `<div style="width:100%;margin:0 12mm;font:8pt sans-serif;text-align:center">${text}</div>`,
  };
}
