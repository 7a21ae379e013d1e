/** Pure helpers of the security section (password rule, TOTP codes, recovery codes). */

/** The server's shortest password (services/auth MinPasswordLength). */
export const MIN_PASSWORD_LENGTH = 12;

/** Characters as people count them (and the server does): "ä" and "😀" are one each. */
export const passwordLength = (password: string): number => [...password].length;

/** The code as the server takes it: spaces people type or paste ("123 456") dropped. */
export const normaliseCode = (code: string): string => code.replace(/\s+/g, '');

/** A code of an authenticator app: six digits. */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(normaliseCode(code));

/** The TOTP secret in groups of four, easier to read and type into an app ("JBSW Y3DP …"). */
export const groupSecret = (secret: string): string => secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** The recovery codes as a text file to keep: a title, when, a note, then one code a line. */
export function recoveryCodesText({ title, date, note, codes }: { title: string; date: string; note: string; codes: string[] }): string {
  return [title, date, '', note, '', ...codes, ''].join('\n');
}
