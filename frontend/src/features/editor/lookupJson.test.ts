import { describe, expect, it } from 'vitest';
import { checkLookupJson, LOOKUP_EXAMPLE } from './lookupJson';

describe('checkLookupJson', () => {
  it('accepts the example', () => {
    const r = checkLookupJson(JSON.stringify(LOOKUP_EXAMPLE.scale), JSON.stringify(LOOKUP_EXAMPLE.data));
    expect(r.ok).toBe(true);
  });

  it('names the field and the problem', () => {
    expect(checkLookupJson('[1,', '{}')).toMatchObject({ ok: false, field: 'scale', key: 'editor.lookupTable.errors.json' });
    expect(checkLookupJson('[1]', '{"a": [1,')).toMatchObject({ ok: false, field: 'data', key: 'editor.lookupTable.errors.json' });
    expect(checkLookupJson('{"values": "x"}', '{}')).toMatchObject({ ok: false, field: 'scale', key: 'editor.lookupTable.errors.scaleInvalid' });
    expect(checkLookupJson('[]', '{"a":[]}')).toMatchObject({ ok: false, field: 'scale', key: 'editor.lookupTable.errors.scaleEmpty' });
    expect(checkLookupJson('["5 kg"]', '{"A": {"B": [1, 2]}}')).toMatchObject({
      ok: false,
      field: 'data',
      key: 'editor.lookupTable.errors.tooManyValues',
      params: { path: 'A › B', count: 2, max: 1 },
    });
  });
});
