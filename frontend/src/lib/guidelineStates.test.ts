import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import it_ from '../locales/it.json';
import { GUIDELINE_STATES, needsAction, stateChips, stateTone } from './guidelineStates';

describe('guideline states', () => {
  it('have a translated label in every language for every state of spec §4', () => {
    for (const locale of [de, en, fr, it_]) {
      for (const state of GUIDELINE_STATES) expect(locale.states[state], state).toBeTruthy();
    }
    expect(en.states.neverPublished).toBe('Never published');
  });

  it('colour states by what they ask of the people involved', () => {
    expect(stateTone('rejected')).toBe('danger');
    expect(stateTone('expired')).toBe('danger');
    expect(stateTone('expiring')).toBe('warning');
    expect(stateTone('accepted')).toBe('success');
    expect(stateTone('online')).toBe('success');
    expect(stateTone('submitted')).toBe('info');
    expect(stateTone('offline')).toBe('muted');
    expect(stateTone('somethingNew')).toBe('muted');
  });

  it('orders chips workflow first and drops duplicates', () => {
    expect(stateChips(['online', 'expiring', 'accepted', 'online']).map((c) => [c.state, c.tone, c.labelKey])).toEqual([
      ['accepted', 'success', 'states.accepted'],
      ['expiring', 'warning', 'states.expiring'],
      ['online', 'success', 'states.online'],
    ]);
  });

  it('know which states need the authors', () => {
    expect(needsAction(['rejected', 'neverPublished'])).toBe(true);
    expect(needsAction(['accepted', 'expired', 'offline'])).toBe(true);
    expect(needsAction(['submitted', 'online'])).toBe(false);
  });
});
