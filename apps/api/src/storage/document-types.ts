import { documentContentTypes, type DocumentContentType } from '@fipay/contracts/kyb-options';

const signatures: { contentType: DocumentContentType; magic: number[] }[] = [
  { contentType: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { contentType: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  // DOCX is a zip container; the zip signature is as far as the first bytes can tell.
  { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: [0x50, 0x4b, 0x03, 0x04] },
];

/** How many leading bytes `detectDocumentType` needs. */
export const SNIFF_BYTES = 8;

/** The permitted document type the bytes really are, or null. The client's word is never taken for it. */
export function detectDocumentType(bytes: Uint8Array): DocumentContentType | null {
  for (const { contentType, magic } of signatures) {
    if (bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte)) return contentType;
  }
  return null;
}

/** The bare MIME type, lower-cased, without parameters such as `; charset=`. */
export function mediaTypeOf(value: string | undefined | null): string {
  return (value ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

export function isDocumentContentType(value: string): value is DocumentContentType {
  return Object.hasOwn(documentContentTypes, value);
}

/** The document type a key's extension names (keys are given an extension that matches their type). */
export function contentTypeFromKey(key: string): DocumentContentType | null {
  const dot = key.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = key.slice(dot).toLowerCase();
  for (const [contentType, extensions] of Object.entries(documentContentTypes)) {
    if ((extensions as readonly string[]).includes(extension)) return contentType as DocumentContentType;
  }
  return null;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function dispositionOf(contentType: string | null): 'inline' | 'attachment' {
  return contentType && contentType !== DOCX && isDocumentContentType(contentType) ? 'inline' : 'attachment';
}

/**
 * How a browser should open a stored file: PDFs and images in place, DOCX (which no
 * browser renders) and anything unknown as a download. Filenames are ASCII-safe with
 * an RFC 5987 UTF-8 form alongside.
 */
export function contentDisposition(contentType: string | null, fileName: string): string {
  const type = dispositionOf(contentType);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
