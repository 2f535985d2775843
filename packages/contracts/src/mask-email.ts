/**
 * The email as the top bar shows it (SPEC.md section 2): the first two characters, '...', then the
 * domain, so a screen seen over a shoulder or shared in a call does not give the whole address away.
 * The public checkout answers the customer's address so too: anyone who knows a payment's reference can
 * open its checkout.
 */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed ? `${trimmed.slice(0, 2)}...` : '';
  return `${trimmed.slice(0, Math.min(2, at))}...${trimmed.slice(at)}`;
}
