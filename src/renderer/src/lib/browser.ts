import type { ExportFile } from '../../../shared';

/**
 * The few browser services the history screens use, each with a way out when
 * the page is not allowed to use it (the LAN host over plain HTTP has no
 * clipboard API, for instance).
 */

/** Resolves false when the clipboard is missing or refuses, so the caller can show the text instead. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Saves a file main prepared (a night's JSON, its ledger CSV, a backup) through the browser's download. */
export function downloadFile(file: ExportFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started once click() returns; the URL is no longer needed after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
