// Uploaded file names (KYC documents, brand assets) are shown in the SPA and sent back in Content-Disposition, so they are cleaned once on upload.

/** A file name safe to show and to send back in Content-Disposition. */
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .slice(0, 200)
    .trim();
  return cleaned || 'document';
}
