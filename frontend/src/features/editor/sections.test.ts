import { describe, expect, it } from 'vitest';
import type { Version as GuidelineVersion } from '@/lib/api-types.gen';
import { addTag, assignIds, buildVersionInput, byteLength, docFromVersion, LIMITS, moveItem, type EditorSection } from './sections';

const section = (key: string, id: number | null, title = key): EditorSection => ({ key, id, title, rawContent: '', content: '', extern: null });

describe('moveItem', () => {
  it('moves up and down and stops at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 5)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a'], 3, 1)).toEqual(['a']);
  });

  it('returns a new list', () => {
    const list = ['a', 'b'];
    expect(moveItem(list, 0, 1)).not.toBe(list);
  });
});

describe('buildVersionInput', () => {
  it('keeps ids of loaded sections, leaves new ones without and takes the text of the editors', () => {
    const doc = {
      title: ' Sepsis ',
      description: '',
      tags: ['ICU'],
      searchTags: [{ tag: 'Blutvergiftung', boost: true }],
      sections: [
        section('new', null, ' Neu '),
        section('old', 41, 'Definition'),
        { ...section('ref', 42, 'Verweis'), extern: { guideline: 3, language: 'de', detail: 9 } },
      ],
    };
    const texts = new Map([
      ['new', { content: '<p>neu</p>', rawContent: '{"root":1}' }],
      ['old', { content: '<p>alt</p>', rawContent: '{"root":2}' }],
    ]);
    expect(buildVersionInput(5, 'de', doc, texts)).toEqual({
      guidelineId: 5,
      language: 'de',
      title: 'Sepsis',
      description: '',
      tags: ['ICU'],
      searchTags: [{ tag: 'Blutvergiftung', boost: true }],
      details: [
        { title: 'Neu', content: '<p>neu</p>', rawContent: '{"root":1}' },
        { id: 41, title: 'Definition', content: '<p>alt</p>', rawContent: '{"root":2}' },
        { id: 42, title: 'Verweis', content: '', rawContent: '', extern: { guideline: 3, language: 'de', detail: 9 } },
      ],
    });
  });
});

describe('assignIds', () => {
  it('gives the sections sent the ids of the saved version, in order', () => {
    const now = [section('b', null), section('a', 41), section('c', null)];
    expect(assignIds(now, ['a', 'b'], [{ id: 41 }, { id: 77 }]).map((s) => [s.key, s.id])).toEqual([
      ['b', 77],
      ['a', 41],
      ['c', null],
    ]);
  });
});

describe('docFromVersion', () => {
  const version = {
    title: 'Sepsis',
    description: 'd',
    tags: ['x'],
    searchTags: [{ tag: 'y', boost: false }],
    details: [{ id: 9, index: 0, title: 'A', content: '<p>a</p>', rawContent: '{}', extern: null }],
  } as unknown as GuidelineVersion;

  it('keeps ids of the same language and drops them for a translation', () => {
    expect(docFromVersion(version, true).sections[0]).toMatchObject({ id: 9, title: 'A', content: '<p>a</p>', rawContent: '{}' });
    expect(docFromVersion(version, false).sections[0].id).toBeNull();
    const a = docFromVersion(version, true).sections[0].key;
    const b = docFromVersion(version, true).sections[0].key;
    expect(a).not.toBe(b);
  });
});

describe('tags', () => {
  it('adds trimmed tags once, case-insensitively, within the limits', () => {
    expect(addTag(['ICU'], ' Sepsis ')).toEqual(['ICU', 'Sepsis']);
    expect(addTag(['ICU'], 'icu')).toEqual(['ICU']);
    expect(addTag(['ICU'], '   ')).toEqual(['ICU']);
    expect(addTag([], 'x'.repeat(LIMITS.tag + 1))).toEqual([]);
    const full = Array.from({ length: LIMITS.tags }, (_, i) => `t${i}`);
    expect(addTag(full, 'more')).toHaveLength(LIMITS.tags);
  });

  it('counts bytes as sent', () => {
    expect(byteLength('µ')).toBe(2);
  });
});
