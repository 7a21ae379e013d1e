/** Pure state of the metadata editor (create/edit a definition with an ordered list of options). */
import type { Metadata, MetadataInput } from '@/lib/api-types.gen';

export const MAX_NAME = 100;
export const MAX_DESCRIPTION = 1000;

export interface OptionDraft {
  /** stable React key; also present for options not saved yet */
  key: string;
  /** server id of an existing option, kept so the server updates instead of replacing it */
  id?: number;
  name: string;
  description: string;
}

export interface MetadataDraft {
  id?: number;
  name: string;
  description: string;
  options: OptionDraft[];
}

let counter = 0;
const newKey = () => `new-${++counter}`;

export function draftFrom(metadata: Metadata | null): MetadataDraft {
  if (!metadata) return { name: '', description: '', options: [] };
  return {
    id: metadata.id,
    name: metadata.name,
    description: metadata.description,
    options: metadata.options.map((o) => ({ key: `id-${o.id}`, id: o.id, name: o.name, description: o.description })),
  };
}

export const addOption = (options: OptionDraft[]): OptionDraft[] => [...options, { key: newKey(), name: '', description: '' }];

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

/** Request body of saveMetadata: option ids only for options that exist on the server. */
export function toInput(draft: MetadataDraft): MetadataInput {
  return {
    ...(draft.id !== undefined ? { id: draft.id } : {}),
    name: draft.name.trim(),
    description: draft.description,
    options: draft.options.map((o) => ({ ...(o.id !== undefined ? { id: o.id } : {}), name: o.name.trim(), description: o.description })),
  };
}

/** Error message keys by field: `name`, `description`, `options.<i>.name`, `options.<i>.description`. */
export type DraftErrors = Record<string, string>;

export function validateDraft(draft: MetadataDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = 'validation.required';
  else if (draft.name.trim().length > MAX_NAME) errors.name = 'validation.tooLong';
  if (draft.description.length > MAX_DESCRIPTION) errors.description = 'validation.tooLong';
  const seen = new Set<string>();
  draft.options.forEach((o, i) => {
    const name = o.name.trim();
    if (!name) errors[`options.${i}.name`] = 'validation.required';
    else if (name.length > MAX_NAME) errors[`options.${i}.name`] = 'validation.tooLong';
    else if (seen.has(name.toLowerCase())) errors[`options.${i}.name`] = 'metadata.duplicateOption';
    seen.add(name.toLowerCase());
    if (o.description.length > MAX_DESCRIPTION) errors[`options.${i}.description`] = 'validation.tooLong';
  });
  return errors;
}

/** Maps a server `params.field` ("metadata.name", "metadata.options[2].name") to a draft error key. */
export function fieldFromServer(field: unknown): string | null {
  if (typeof field !== 'string') return null;
  const option = /^metadata\.options\[(\d+)\]\.(name|description)$/.exec(field);
  if (option) return `options.${option[1]}.${option[2]}`;
  const top = /^metadata\.(name|description)$/.exec(field);
  return top ? top[1] : null;
}
