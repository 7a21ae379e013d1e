/** Comma-separated e-mail lists (spec §5: 'Please enter valid email addresses'). */

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]{2,}$/;

export const isEmail = (value: string): boolean => EMAIL.test(value);

/** Splits on commas (and line breaks, semicolons), trims, drops empties and case-insensitive duplicates. */
export function parseEmailList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const email = part.trim();
    const key = email.toLowerCase();
    if (!email || seen.has(key)) continue;
    seen.add(key);
    out.push(email);
  }
  return out;
}

export interface EmailListResult {
  emails: string[];
  invalid: string[];
  /** translation key, null when valid */
  error: string | null;
}

export function validateEmailList(text: string): EmailListResult {
  const emails = parseEmailList(text);
  const invalid = emails.filter((e) => !isEmail(e));
  if (emails.length === 0) return { emails, invalid, error: 'validation.required' };
  return { emails, invalid, error: invalid.length > 0 ? 'validation.emailList' : null };
}
