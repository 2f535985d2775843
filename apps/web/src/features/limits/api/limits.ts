import type { CreateLimitRequestInput } from '@fipay/contracts/daily-limits';
import { limitEndpoints } from '@fipay/contracts/endpoints/daily-limits';
import { uploadEndpoints } from '@fipay/contracts/endpoints/uploads';
import { kybMessages } from '@fipay/contracts/kyb';
import { documentContentTypes, MAX_DOCUMENT_BYTES, UPLOAD_URL_EXPIRY_SECONDS, type DocumentContentType } from '@fipay/contracts/kyb-options';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useMode } from '../../../stores/mode-store';

/** Each mode has its own figures for today: the mode is part of the key. */
export const limitsKey = (mode: string) => ['limits', mode] as const;

export function useLimits(enabled = true) {
  const [mode] = useMode();
  return useQuery({ queryKey: limitsKey(mode), enabled, staleTime: 0, queryFn: async ({ signal }) => (await callApi(limitEndpoints.get, { signal })).data });
}

export function useCreateLimitRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateLimitRequestInput) => await callApi(limitEndpoints.createRequest, { body }),
    // The open request shows in both modes' figures.
    onSuccess: () => client.invalidateQueries({ queryKey: ['limits'] }),
  });
}

/** Why a file cannot be attached, or null: the same rules as KYB documents (5 MB, PDF, PNG, JPEG or DOCX). */
export function attachmentProblem(file: File): string | null {
  if (file.size > MAX_DOCUMENT_BYTES) return kybMessages.fileTooLarge;
  if (!contentTypeOf(file)) return kybMessages.fileTypeNotAllowed;
  return null;
}

function contentTypeOf(file: File): DocumentContentType | null {
  if (file.type in documentContentTypes) return file.type as DocumentContentType;
  const extension = file.name.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? '';
  const entry = Object.entries(documentContentTypes).find(([, extensions]) => (extensions as readonly string[]).includes(extension));
  return entry ? (entry[0] as DocumentContentType) : null;
}

export const acceptedAttachmentTypes = Object.values(documentContentTypes).flat().join(',');

/** Uploads the supporting document the way KYB documents go: a presigned URL for the company's files, then a PUT. */
export async function uploadAttachment(file: File): Promise<{ name: string; objectKey: string }> {
  const contentType = contentTypeOf(file);
  if (!contentType) throw new Error(kybMessages.fileTypeNotAllowed);
  const { data: url } = await callApi(uploadEndpoints.createUploadUrl, {
    body: { objectKey: `documents/limits/${Date.now()}-${file.name}`, expirySeconds: UPLOAD_URL_EXPIRY_SECONDS, contentType },
  });
  const put = await fetch(url, { method: 'PUT', headers: { 'Content-Type': contentType, 'If-None-Match': '*' }, body: file });
  if (!put.ok) throw new Error(put.status === 413 ? kybMessages.fileTooLarge : 'The document could not be uploaded. Try again.');
  return { name: file.name, objectKey: new URL(url, window.location.origin).pathname };
}
