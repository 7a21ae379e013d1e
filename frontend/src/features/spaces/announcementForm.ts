import type { AnnouncementInput, AnnouncementText, ManagedAnnouncement } from '@/lib/api-types.gen';
import { LANGUAGES, type Language } from '@/lib/language';

/** The announcement form: dates and a teaser and content per language. */
export interface AnnouncementDraft {
  id: number | null;
  startDate: string;
  endDate: string;
  texts: Record<Language, { teaser: string; content: string }>;
}

export function toDraft(a: ManagedAnnouncement | null): AnnouncementDraft {
  const texts = Object.fromEntries(LANGUAGES.map((l) => [l, { teaser: '', content: '' }])) as AnnouncementDraft['texts'];
  for (const t of a?.texts ?? []) {
    if ((LANGUAGES as readonly string[]).includes(t.language)) texts[t.language as Language] = { teaser: t.teaser, content: t.content };
  }
  return { id: a?.id ?? null, startDate: a?.startDate ?? '', endDate: a?.endDate ?? '', texts };
}

export type DraftErrors = Partial<Record<'startDate' | 'endDate' | `teaser.${Language}`, string>>;

/** Client-side checks with message keys; the server checks the same again. */
export function draftErrors(d: AnnouncementDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!d.texts.de.teaser.trim()) errors['teaser.de'] = 'validation.required';
  for (const l of LANGUAGES) {
    if (l !== 'de' && !d.texts[l].teaser.trim() && d.texts[l].content.trim()) errors[`teaser.${l}`] = 'validation.required';
  }
  if (d.startDate && d.endDate && d.endDate < d.startDate) errors.endDate = 'announcement.endBeforeStart';
  return errors;
}

/** The request: languages without a teaser are left out. */
export function toInput(d: AnnouncementDraft): AnnouncementInput {
  const texts: AnnouncementText[] = LANGUAGES.filter((l) => d.texts[l].teaser.trim()).map((l) => ({
    language: l,
    teaser: d.texts[l].teaser.trim(),
    content: d.texts[l].content,
  }));
  return { id: d.id, startDate: d.startDate || null, endDate: d.endDate || null, texts };
}
