/** Seconds-since-epoch `exp` claim of a JWT, or null when the token cannot be read. */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
    if (typeof json === 'object' && json !== null && 'exp' in json && typeof json.exp === 'number') {
      return json.exp;
    }
    return null;
  } catch {
    return null;
  }
}

export function expiresWithin(token: string, seconds: number, nowMs = Date.now()): boolean {
  const exp = readTokenExpiry(token);
  if (exp === null) return true;
  return exp * 1000 - nowMs <= seconds * 1000;
}
