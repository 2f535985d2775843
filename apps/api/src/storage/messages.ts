/** Texts of the upload links and checks that SPEC.md does not give (candidates for @fipay/contracts). */
export const storageMessages = {
  linkExpired: 'This upload link has expired. Request a new one and try again.',
  linkInvalid: 'This upload link is not valid.',
  linkUsed: 'This upload link has already been used. Request a new one to upload another file.',
  downloadExpired: 'This file link has expired.',
  downloadInvalid: 'This file link is not valid.',
  contentTypeMismatch: 'The file type does not match this upload link. Send it with the Content-Type the link was made for.',
  fileEmpty: 'The file is empty.',
  fileNotFound: 'This file was not found.',
  uploaded: 'File uploaded.',
} as const;
