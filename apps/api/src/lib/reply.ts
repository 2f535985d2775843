export function ok<T>(message: string, data: T) {
  return { isSuccessful: true, message, data };
}
