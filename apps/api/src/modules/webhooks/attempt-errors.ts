import { deliveryErrorMessages } from '@fipay/contracts/webhooks';
import { webhookUrlMessages } from './url-guard';

const plainSentences = new Set<string>([
  ...Object.values(webhookUrlMessages),
  ...Object.values(deliveryErrorMessages).filter((message) => typeof message === 'string'),
]);
const plainPatterns = /^The endpoint (answered \d{3}|did not answer within [\d.]+ s\.)$/;

/**
 * What the delivery log shows a merchant for a failed attempt: a plain sentence. Node's own error text names
 * our side of the connection (`connect ECONNREFUSED 10.0.0.5:443`, the TLS library's internals), so it goes
 * to the server log only. Attempts logged before this carry such text and are described the same way when read.
 */
export function describeAttemptError(raw: string, code?: string): string {
  if (plainSentences.has(raw) || plainPatterns.test(raw)) return raw;
  const text = code ? `${code} ${raw}` : raw;
  // How an attempt that ran out of time was logged before.
  const timedOut = /^No complete answer within ([\d.]+) s$/.exec(text);
  if (timedOut) return deliveryErrorMessages.timeout(Number(timedOut[1]));
  if (/\b(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN|EADDRNOTAVAIL|ETIMEDOUT)\b/.test(text)) return deliveryErrorMessages.connect;
  if (/\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|ENODATA)\b/.test(text)) return deliveryErrorMessages.hostNotFound;
  if (/\b(ECONNRESET|EPIPE|ECONNABORTED)\b|socket hang up|^aborted$/.test(text)) return deliveryErrorMessages.reset;
  if (/\b(EPROTO|ERR_TLS_\w+|ERR_SSL_\w+|\w*CERT\w*|UNABLE_TO_\w+)\b|SSL routines|certificate/i.test(text)) return deliveryErrorMessages.tls;
  return deliveryErrorMessages.failed;
}
