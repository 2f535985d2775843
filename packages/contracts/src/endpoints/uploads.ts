import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { text } from '../fields';
import { emptyEnvelope } from '../envelope';
import { uploadUrlRequest, uploadUrlResponse } from '../kyb';
import { documentContentTypes } from '../kyb-options';

const tags = ['uploads'];

// Loose on purpose: a link that was tampered with is a 403 from the signature check, not a 400 from parsing.
export const uploadLinkQuery = z.object({ expires: text().optional(), contentType: text().optional(), signature: text().optional() });
export const downloadLinkQuery = z.object({ expires: text().optional(), name: text().optional(), signature: text().optional() });

export const uploadEndpoints = {
  createUploadUrl: defineEndpoint({
    method: 'POST',
    path: '/aws/upload-url',
    access: 'company',
    tags,
    summary: 'Get a presigned URL to PUT one document to (5 MB at most; PDF, PNG, JPEG or DOCX)',
    description:
      "The server chooses the object key under the company's prefix; objectKey only gives the file name. The URL accepts a PUT with exactly the requested Content-Type.",
    body: uploadUrlRequest,
    response: uploadUrlResponse,
    errors: ['RATE_LIMITED'],
  }),
};

/**
 * The local storage driver's stand-in for S3, registered only with that driver. The signed link
 * is the credential; the browser reaches these through the links the API hands out, never by path.
 */
export const localUploadEndpoints = {
  put: defineEndpoint({
    method: 'PUT',
    path: '/uploads/*',
    access: 'anonymous',
    tags,
    summary: 'Upload a file to a signed link from aws/upload-url (local storage only)',
    query: uploadLinkQuery,
    response: emptyEnvelope,
    errors: ['BAD_REQUEST', 'FORBIDDEN', 'CONFLICT', 'PAYLOAD_TOO_LARGE'],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/uploads/*',
    access: 'anonymous',
    tags,
    summary: 'Read a stored file through a signed link (local storage only)',
    description: 'The Content-Type is what the stored bytes are (a PDF, PNG, JPEG or DOCX), octet-stream when they are none of these.',
    query: downloadLinkQuery,
    produces: [...(Object.keys(documentContentTypes) as (keyof typeof documentContentTypes)[]), 'application/octet-stream'],
    response: z.string().meta({ format: 'binary' }).describe('The file'),
    errors: ['BAD_REQUEST', 'FORBIDDEN', 'NOT_FOUND'],
  }),
};
