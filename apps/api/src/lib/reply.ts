import type { z } from 'zod';
import { errorEnvelope } from '@fipay/contracts/envelope';

export function ok<T>(message: string, data: T) {
  return { isSuccessful: true, message, data };
}

/** Response schemas for a route: its success answers plus the error envelope for the rest. */
export function responses<T extends Record<number, z.ZodType>>(success: T) {
  return { ...success, '4xx': errorEnvelope, '5xx': errorEnvelope };
}
