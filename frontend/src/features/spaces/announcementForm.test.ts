import { describe, expect, it } from 'vitest';
import { draftErrors, toDraft, toInput } from './announcementForm';

describe('announcement form', () => {
  it('loads an announcement into a draft and back into a request without empty languages', () => {
    const draft = toDraft({ id: 3, startDate: '2026-12-01', endDate: null, texts: [{ language: 'fr', teaser: 'Salut', content: '<p>x</p>' }, { language: 'de', teaser: 'Hallo', content: '' }] });
    expect(draft.texts.de.teaser).toBe('Hallo');
    expect(draft.texts.it).toEqual({ teaser: '', content: '' });
    expect(toInput(draft)).toEqual({
      id: 3,
      startDate: '2026-12-01',
      endDate: null,
      texts: [
        { language: 'de', teaser: 'Hallo', content: '' },
        { language: 'fr', teaser: 'Salut', content: '<p>x</p>' },
      ],
    });
    expect(toInput(toDraft(null))).toEqual({ id: null, startDate: null, endDate: null, texts: [] });
  });

  it('requires German, a teaser wherever there is content, and the end not before the start', () => {
    const draft = toDraft(null);
    expect(draftErrors(draft)).toEqual({ 'teaser.de': 'validation.required' });
    draft.texts.de.teaser = 'Hallo';
    draft.texts.it.content = '<p>solo</p>';
    draft.startDate = '2026-12-02';
    draft.endDate = '2026-12-01';
    expect(draftErrors(draft)).toEqual({ 'teaser.it': 'validation.required', endDate: 'announcement.endBeforeStart' });
  });
});
