import { randomInt } from 'node:crypto';
import { documentContentTypes, type DocumentContentType } from '@fipay/contracts/kyb-options';

const MAX_FILE_NAME = 100;
const RANDOM_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomSuffix(length = 8): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)];
  return out;
}

/**
 * A file name that is safe in a key, a URL and a file system: the last path segment of what the
 * client sent, without the client's own timestamp prefix, letters, digits, '_' and '-' only
 * (anything else becomes '-'), at most 100 characters, ending in an extension of its content type.
 */
export function sanitiseFileName(clientKey: string, contentType: DocumentContentType): string {
  const extensions: readonly string[] = documentContentTypes[contentType];
  const base = (clientKey.split(/[/\\]/).pop() ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  // SPEC.md's client names objects documents/kyc/<timestamp>-<file name>; the server adds its own timestamp.
  const withoutTimestamp = base.replace(/^\d{10,}-/, '');
  const dot = withoutTimestamp.lastIndexOf('.');
  const givenExtension = dot > 0 ? withoutTimestamp.slice(dot).toLowerCase() : '';
  const keepsExtension = extensions.includes(givenExtension);
  const extension = keepsExtension ? givenExtension : extensions[0]!;
  const rawStem = keepsExtension ? withoutTimestamp.slice(0, dot) : withoutTimestamp;
  const stem =
    rawStem
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, MAX_FILE_NAME - extension.length)
      .replace(/[-_]+$/, '') || 'document';
  return `${stem}${extension}`;
}

export function companyPrefix(companyId: string): string {
  return `companies/${companyId}/`;
}

/** The key the server chooses for a company's document: the client never picks where a file goes. */
export function documentKey(input: { companyId: string; clientKey: string; contentType: DocumentContentType; now?: number }): string {
  const name = sanitiseFileName(input.clientKey, input.contentType);
  return `${companyPrefix(input.companyId)}documents/${input.now ?? Date.now()}-${randomSuffix()}-${name}`;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Keys the local driver will touch: relative, no empty, hidden, '.' or '..' segments, plain characters only. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}
