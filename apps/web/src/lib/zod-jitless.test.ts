import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('runs jitless when the setting is made before zod loads, so it never probes for eval', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    const { util } = await import('zod/v4/core');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ email: z.string(), tags: z.array(z.string()) });
    expect(util.allowsEval.value).toBe(false);
    expect(schema.parse({ email: 'ada@acme.ng', tags: ['a'] })).toEqual({ email: 'ada@acme.ng', tags: ['a'] });
    expect(schema.safeParse({ email: 1, tags: [] }).success).toBe(false);
  });
});
