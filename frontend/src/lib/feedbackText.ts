/** Bounds of what the server takes, in characters (services/feedback). */
export const MAX_TEXT = 4000;
export const MAX_SUBJECT = 200;

/** Length in characters as the server counts them (code points, not UTF-16 units). */
export const textLength = (text: string): number => [...text.trim()].length;

/** Checks a message or an answer; returns an error key or null. */
export function textError(text: string): string | null {
  const n = textLength(text);
  if (n === 0) return 'validation.required';
  return n > MAX_TEXT ? 'validation.tooLong' : null;
}

/** Checks the optional subject; returns an error key or null. */
export const subjectError = (subject: string): string | null => (textLength(subject) > MAX_SUBJECT ? 'validation.tooLong' : null);
