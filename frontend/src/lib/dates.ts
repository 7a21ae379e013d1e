/**
 * The locale that dates of a UI language are written in: English as in Britain (day, month,
 * year, like the product's spelling and its PDFs), the others as they are.
 */
export const dateLocale = (language: string): string => (language === 'en' ? 'en-GB' : language);

/** Formats an ISO timestamp as a local date in the UI language; unparsable input is shown as it is. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(dateLocale(language), { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** Formats an ISO timestamp as local date and time in the UI language. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(dateLocale(language), { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

/** "3 minutes ago", "yesterday" … in the UI language, relative to `now`. */
export function formatRelative(iso: string, language: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const seconds = Math.round((time - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(dateLocale(language), { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return rtf.format(Math.round(seconds / 86_400), 'day');
  return formatDate(iso, language);
}

/** Today's date as YYYY-MM-DD in local time, for date inputs. */
export function localDateString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Whether a YYYY-MM-DD date lies after today (spec §5 'Must be after today': from tomorrow on);
 * years below 1000 and impossible dates are refused.
 */
export function isAfterToday(value: string, now: Date = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (y <= 999 || date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return false;
  return value > localDateString(now);
}
