import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-client';

describe('query retries', () => {
  it("takes a 4xx as the server's answer and never asks again", () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(shouldRetry(0, new ApiError(status, ''))).toBe(false);
  });

  it('tries a lost connection or a 5xx twice more, then gives up', () => {
    for (const error of [new TypeError('Failed to fetch'), new ApiError(500, ''), new ApiError(502, '')]) {
      expect([0, 1, 2].map((failures) => shouldRetry(failures, error))).toEqual([true, true, false]);
    }
  });
});
