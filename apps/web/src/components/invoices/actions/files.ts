/** A document as `invoices.pdf` and `invoices.facturXXml` answer it: its name, its type, its bytes in base64. */
export interface DocumentDownload {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** The document's bytes as a named file. */
export function documentFile(download: DocumentDownload): File {
  const binary = atob(download.contentBase64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new File([bytes], download.filename, { type: download.contentType });
}

// An object URL lives as long as the page unless revoked: long enough for the tab or the
// download to read it, then freed.
const keepUrlMs = 60_000;

/** Opens the document in a new tab; false when the browser blocked the tab (then it is downloaded). */
export function openDocument(download: DocumentDownload): boolean {
  const url = URL.createObjectURL(documentFile(download));
  const tab = window.open(url, '_blank');
  if (tab === null) saveUrl(url, download.filename);
  setTimeout(() => URL.revokeObjectURL(url), keepUrlMs);
  return tab !== null;
}

/** Saves the document under its own name. */
export function downloadDocument(download: DocumentDownload): void {
  const url = URL.createObjectURL(documentFile(download));
  saveUrl(url, download.filename);
  setTimeout(() => URL.revokeObjectURL(url), keepUrlMs);
}

function saveUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
