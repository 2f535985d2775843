import { uploadEndpoints } from '@fipay/contracts/endpoints/uploads';
import { kybMessages } from '@fipay/contracts/kyb';
import {
  documentContentTypes,
  MAX_DOCUMENT_BYTES,
  UPLOAD_URL_EXPIRY_SECONDS,
  type DocumentContentType,
} from '@fipay/contracts/kyb-options';
import { ApiError, callApi } from '../../../lib/api-client';

export const uploadMessages = {
  failed: 'Upload failed',
  noPresignedUrl: 'No presigned URL returned',
  uploaded: (fileName: string) => `${fileName} uploaded`,
} as const;

/** The picker's `accept` list: every extension of every allowed content type. */
export const acceptedFileTypes = Object.values(documentContentTypes).flat().join(',');

/**
 * The content type to sign and send. Some systems give a .docx file no type at all,
 * so the extension decides when the browser's type is missing or unknown.
 */
export function documentContentType(file: File): DocumentContentType | null {
  if (file.type in documentContentTypes) return file.type as DocumentContentType;
  const extension = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0];
  if (!extension) return null;
  const entry = Object.entries(documentContentTypes).find(([, extensions]) =>
    (extensions as readonly string[]).includes(extension),
  );
  return entry ? (entry[0] as DocumentContentType) : null;
}

/** Why a file cannot be uploaded, or null when it can. Checked before any call is made. */
export function documentFileProblem(file: File): string | null {
  if (file.size > MAX_DOCUMENT_BYTES) return kybMessages.fileTooLarge;
  if (!documentContentType(file)) return kybMessages.fileTypeNotAllowed;
  return null;
}

/** An upload that did not reach storage; `message` is what the slot shows under the file. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/** Asks the server for a presigned URL; the server decides the final key from this one. */
export async function requestUploadUrl(file: File, contentType: string): Promise<string | null> {
  const { data } = await callApi(uploadEndpoints.createUploadUrl, {
    body: { objectKey: `documents/kyc/${Date.now()}-${file.name}`, expirySeconds: UPLOAD_URL_EXPIRY_SECONDS, contentType },
  });
  return data || null;
}

/** PUTs the file to the presigned URL; XMLHttpRequest because fetch reports no upload progress. */
export function putFile(url: string, file: File, contentType: string, onProgress: (percent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    // Upload links write once (the S3 link signs this header; the store refuses a second write).
    request.setRequestHeader('If-None-Match', '*');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve();
      } else if (request.status === 413) {
        reject(new UploadError(kybMessages.fileTooLarge));
      } else {
        reject(new UploadError(uploadMessages.failed));
      }
    };
    request.onerror = () => reject(new UploadError(uploadMessages.failed));
    request.onabort = () => reject(new UploadError(uploadMessages.failed));
    request.send(file);
  });
}

/** SPEC.md: the stored fileUrl is the presigned URL without its query string, and objectKey is its path. */
export function storedReference(presignedUrl: string) {
  const url = new URL(presignedUrl, window.location.origin);
  const fileUrl = presignedUrl.split('?')[0] ?? presignedUrl;
  return { fileUrl, objectKey: url.pathname };
}

export type UploadedFile = { fileUrl: string; objectKey: string; contentType: DocumentContentType };

/** Uploads one document file; rejects with an UploadError carrying the text to show. */
export async function uploadDocument(file: File, onProgress: (percent: number) => void): Promise<UploadedFile> {
  const problem = documentFileProblem(file);
  const contentType = documentContentType(file);
  if (problem || !contentType) throw new UploadError(problem ?? kybMessages.fileTypeNotAllowed);

  let presignedUrl: string | null;
  try {
    presignedUrl = await requestUploadUrl(file, contentType);
  } catch (error) {
    console.error('Could not get an upload URL', error);
    throw new UploadError(error instanceof ApiError && error.message ? error.message : uploadMessages.failed);
  }
  if (!presignedUrl) {
    console.error(uploadMessages.noPresignedUrl);
    throw new UploadError(uploadMessages.failed);
  }
  await putFile(presignedUrl, file, contentType, onProgress);
  return { ...storedReference(presignedUrl), contentType };
}
