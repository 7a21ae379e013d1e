import { buildLookupTable } from '@/components/LookupTable';

/** What a new lookup table starts from: weight-based doses of two preparations of one drug and another drug. */
export const LOOKUP_EXAMPLE = {
  scale: { label: 'kg', values: ['5', '10', '20'] },
  data: { Paracetamol: { 'Sirup 30 mg/ml': ['2.5 ml', '5 ml', '10 ml'], 'Supp.': ['80 mg', '150 mg', '300 mg'] }, 'Ibuprofen 20 mg/ml': ['1.25 ml', '2.5 ml', '5 ml'] },
};

export type LookupCheck =
  | { ok: true; scale: unknown; data: unknown }
  | { ok: false; field: 'scale' | 'data'; key: string; params: Record<string, string | number> };

/**
 * Checks the two JSON texts of the lookup table dialog: both must parse and together form a
 * table (components/LookupTable.tsx). Errors come as translation keys under editor.lookupTable.
 */
export function checkLookupJson(scaleText: string, dataText: string): LookupCheck {
  let scale: unknown;
  let data: unknown;
  try {
    scale = JSON.parse(scaleText);
  } catch {
    return { ok: false, field: 'scale', key: 'editor.lookupTable.errors.json', params: {} };
  }
  try {
    data = JSON.parse(dataText);
  } catch {
    return { ok: false, field: 'data', key: 'editor.lookupTable.errors.json', params: {} };
  }
  const built = buildLookupTable(scale, data);
  if ('error' in built) {
    const { code, path, count, max } = built.error;
    const field = code === 'scaleInvalid' || code === 'scaleEmpty' ? 'scale' : 'data';
    return { ok: false, field, key: `editor.lookupTable.errors.${code}`, params: { path: path ?? '', count: count ?? 0, max: max ?? 0 } };
  }
  return { ok: true, scale, data };
}
