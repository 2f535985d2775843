export const OTP_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const RECOVERY_CODE_COUNT = 10;
export const ACCESS_TOKEN_REFRESH_MARGIN_SECONDS = 60;
export const KYB_STEP_COUNT = 5;
export const TOAST_LIMIT = 20;
export const TOAST_DURATION_MS = { error: 4000, blank: 4000, success: 2000 } as const;
/** Emailed sign-in codes: their life, and the shortest gap between two sends. */
export const EMAIL_CODE_TTL_SECONDS = 10 * 60;
export const EMAIL_CODE_RESEND_SECONDS = 60;
/** The largest value of a PostgreSQL integer (int4) column, such as a country's id. */
export const INT4_MAX = 2_147_483_647;
