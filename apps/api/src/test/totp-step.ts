/**
 * Waits, when the current 30-second TOTP step ends within `marginSeconds`, until the next one starts: a code
 * made for a neighbouring step (accepted within one step) then still is a neighbour when the server checks it,
 * however slow a loaded machine is between the two.
 */
export async function clearOfStepEnd(marginSeconds = 5): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
