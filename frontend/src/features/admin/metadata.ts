/** Pure state of the metadata editor (create/edit a definition with an ordered list of options),
 *  every name and description in the four languages, German required. */
import type { Metadata, MetadataInput, Texts } from '@/lib/api-types.gen';
import { LANGUAGES } from '@/lib/language';
import { emptyTexts } from '@/lib/texts';

export const MAX_NAME = 100;
export const MAX_DESCRIPTION = 1000;

export interface OptionDraft {
  /** stable React key; also present for options not saved yet */
  key: string;
  /** server id of an existing option, kept so the server updates instead of replacing it */
  id?: number;
  names: Texts;
  descriptions: Texts;
}

export interface MetadataDraft {
  id?: number;
  names: Texts;
  descriptions: Texts;
  options: OptionDraft[];
}

let counter = 0;
const newKey = () => `new-${++counter}`;

export function draftFrom(metadata: Metadata | null): MetadataDraft {
  if (!metadata) return { names: emptyTexts(), descriptions: emptyTexts(), options: [] };
  return {
    id: metadata.id,
    names: { ...metadata.names },
    descriptions: { ...metadata.descriptions },
    options: metadata.options.map((o) => ({ key: `id-${o.id}`, id: o.id, names: { ...o.names }, descriptions: { ...o.descriptions } })),
  };
}

export const addOption = (options: OptionDraft[]): OptionDraft[] => [...options, { key: newKey(), names: emptyTexts(), descriptions: emptyTexts() }];

export const removeOption = (options: OptionDraft[], index: number): OptionDraft[] => options.filter((_, i) => i !== index);

/** Moves the option at `index` by `delta` (-1 up, +1 down); out of range is a no-op. */
export function moveOption(options: OptionDraft[], index: number, delta: number): OptionDraft[] {
  const target = index + delta;
  if (index < 0 || index >= options.length || target < 0 || target >= options.length) return options;
  const next = [...options];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item);
  return next;
}

const trimmed = (texts: Texts): Texts => ({ de: texts.de.trim(), en: texts.en.trim(), fr: texts.fr.trim(), it: texts.it.trim() });

/** Request body of saveMetadata: option ids only for options that exist on the server. */
export function toInput(draft: MetadataDraft): MetadataInput {
  return {
    ...(draft.id !== undefined ? { id: draft.id } : {}),
    names: trimmed(draft.names),
    descriptions: trimmed(draft.descriptions),
    options: draft.options.map((o) => ({ ...(o.id !== undefined ? { id: o.id } : {}), names: trimmed(o.names), descriptions: trimmed(o.descriptions) })),
  };
}

/** Error message keys by field: `names.de`, `descriptions.fr`, `options.<i>.names.it`, … */
export type DraftErrors = Record<string, string>;

function checkTexts(errors: DraftErrors, prefix: string, texts: Texts, max: number, required: boolean) {
  for (const lang of LANGUAGES) {
    const text = texts[lang].trim();
    if (text.length > max) errors[`${prefix}.${lang}`] = 'validation.tooLong';
  }
  if (required && !texts.de.trim()) errors[`${prefix}.de`] = 'validation.required';
}

export function validateDraft(draft: MetadataDraft): DraftErrors {
  const errors: DraftErrors = {};
  checkTexts(errors, 'names', draft.names, MAX_NAME, true);
  checkTexts(errors, 'descriptions', draft.descriptions, MAX_DESCRIPTION, false);
  const seen = new Set<string>();
  draft.options.forEach((o, i) => {
    checkTexts(errors, `options.${i}.names`, o.names, MAX_NAME, true);
    checkTexts(errors, `options.${i}.descriptions`, o.descriptions, MAX_DESCRIPTION, false);
    const name = o.names.de.trim().toLowerCase();
    if (name && seen.has(name)) errors[`options.${i}.names.de`] = 'metadata.duplicateOption';
    seen.add(name);
  });
  return errors;
}

/** The language of the first error, to show the fields of that language. */
export function firstErrorLanguage(errors: DraftErrors): (typeof LANGUAGES)[number] | null {
  const langs = Object.keys(errors).map((key) => key.slice(key.lastIndexOf('.') + 1));
  return LANGUAGES.find((lang) => langs.includes(lang)) ?? null;
}

/** Maps a server `params.field` ("metadata.names.de", "metadata.options[2].descriptions.fr") to a draft error key. */
export function fieldFromServer(field: unknown): string | null {
  if (typeof field !== 'string') return null;
  const option = /^metadata\.options\[(\d+)\]\.(names|descriptions)\.(de|en|fr|it)$/.exec(field);
  if (option) return `options.${option[1]}.${option[2]}.${option[3]}`;
  const top = /^metadata\.(names|descriptions)\.(de|en|fr|it)$/.exec(field);
  return top ? `${top[1]}.${top[2]}` : null;
}
