import type { Person as AcknowledgementPerson } from '@/lib/api-types.gen';

/** A CSV cell: quoted, with a leading formula character defused so that spreadsheets show it as text. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The report as CSV (comma-separated, header first), generated in the browser. */
export function reportCsv(people: readonly AcknowledgementPerson[], header: readonly string[]): string {
  const rows = people.map((p) =>
    [p.name, p.email, p.acknowledgedVersion === null ? '' : String(p.acknowledgedVersion), p.acknowledgedAt ?? '', p.done ? '1' : '0'].map(cell).join(','),
  );
  return [header.map(cell).join(','), ...rows].join('\r\n') + '\r\n';
}
