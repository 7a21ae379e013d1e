import { beforeEach, describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import it_ from '../locales/it.json';
import type { LogEntry as AuditLogEntry } from './api-types.gen';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS, describeEntry, detailLines, endOfDay, startOfDay, targetName } from './auditLog';
import { i18n } from './i18n';

const entry = (over: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: 1,
  at: '2025-03-10T12:00:00Z',
  spaceId: 1,
  spaceTitle: 'Kantonsspital St. Gallen',
  actor: { id: 2, name: 'Anna Keller', email: 'anna.admin@kssg.ch' },
  action: 'member.added',
  target: { type: 'user', id: 3, label: 'Max Muster' },
  details: {},
  clientAddr: '192.0.2.7',
  userAgent: 'Mozilla/5.0',
  ...over,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('audit actions', () => {
  it('have a sentence in every language naming the actor', () => {
    for (const [lang, locale] of Object.entries({ de, en, fr, it: it_ })) {
      const sentences = locale.audit.action as Record<string, Record<string, string>>;
      for (const action of AUDIT_ACTIONS) {
        const [group, key] = action.split('.');
        const text = sentences[group]?.[key];
        expect(text, `${lang}: ${action}`).toBeTruthy();
        expect(text, `${lang}: ${action}`).toContain('{{actor}}');
      }
    }
  });

  it('are grouped with a translated group name, each once', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const g of AUDIT_ACTION_GROUPS) {
      expect(i18n.exists(`audit.groups.${g.group}`), g.group).toBe(true);
      for (const a of g.actions) expect(a.split('.')[0], a).toBe(g.group);
    }
  });
});

describe('describeEntry', () => {
  it('reads an entry as a sentence', () => {
    expect(describeEntry(entry({}), i18n.t)).toBe('Anna Keller added Max Muster as a member');
    expect(
      describeEntry(entry({ action: 'collection.validatorAdded', details: { collectionId: 4, collection: 'Cardiology' } }), i18n.t),
    ).toBe('Anna Keller made Max Muster a validator of the collection “Cardiology”');
    expect(
      describeEntry(entry({ action: 'guideline.published', target: { type: 'guideline', id: 9, label: 'Sepsis' }, details: { language: 'fr', version: 3 } }), i18n.t),
    ).toBe('Anna Keller approved and published “Sepsis (FR)”');
  });

  it('names the operator, failed sign-ins by address and unknown actors', () => {
    expect(describeEntry(entry({ action: 'space.deleted', actor: { id: null, name: 'operator', email: '' }, target: { type: 'space', id: 5, label: 'Luks' } }), i18n.t)).toBe(
      'Operator (command line) deleted the space “Luks”',
    );
    expect(describeEntry(entry({ action: 'auth.signInFailed', actor: { id: null, name: '', email: 'ghost@kssg.ch' } }), i18n.t)).toBe('Failed sign-in as ghost@kssg.ch');
    expect(describeEntry(entry({ action: 'export.auditLog', actor: { id: null, name: '', email: '' } }), i18n.t)).toBe('System downloaded the audit log as CSV');
  });

  it('falls back to the key of an action it does not know', () => {
    expect(describeEntry(entry({ action: 'future.thing' }), i18n.t)).toBe('future.thing');
  });

  it('speaks German too', async () => {
    await i18n.changeLanguage('de');
    expect(describeEntry(entry({ action: 'space.updated', target: { type: 'space', id: 1, label: 'KSSG' } }), i18n.t)).toBe(
      'Anna Keller hat die Einstellungen von «KSSG» geändert',
    );
  });
});

describe('targetName', () => {
  it('uses the id when a target has no label', () => {
    expect(targetName(entry({ target: { type: 'collection', id: 7, label: '' } }))).toBe('#7');
    expect(targetName(entry({ target: { type: '', label: '' } }))).toBe('');
  });
});

describe('detailLines', () => {
  it('shows changes and values with labels, and hides what only links records', () => {
    const lines = detailLines(
      entry({
        action: 'space.updated',
        details: {
          title: { before: 'A', after: 'B' },
          public: { before: false, after: true },
          logo: 'replaced',
          emailDomains: ['a.ch', 'b.ch'],
          toSpaceId: 4,
          custom: 3,
          visibility: { before: 'private', after: 'public' },
          action: 'member.added',
        },
      }),
      i18n.t,
    );
    expect(lines).toEqual([
      { key: 'action', label: 'What', value: '… added … as a member' },
      { key: 'custom', label: 'custom', value: '3' },
      { key: 'emailDomains', label: 'E-mail domains', value: 'a.ch, b.ch' },
      { key: 'logo', label: 'Logo', value: 'replaced' },
      { key: 'public', label: 'Public', before: 'no', after: 'yes' },
      { key: 'title', label: 'Title', before: 'A', after: 'B' },
      { key: 'visibility', label: 'Visibility', before: 'Private', after: 'Public' },
    ]);
  });
});

describe('day filters', () => {
  it('turn local days into times, the end day inclusive', () => {
    expect(startOfDay('2025-03-10')).toBe(new Date(2025, 2, 10).toISOString());
    expect(endOfDay('2025-03-10')).toBe(new Date(2025, 2, 11).toISOString());
    expect(endOfDay('2025-12-31')).toBe(new Date(2026, 0, 1).toISOString());
  });

  it('drop empty and impossible dates', () => {
    for (const v of ['', '2025-02-30', '0999-01-01', '10.03.2025']) {
      expect(startOfDay(v), v).toBe('');
      expect(endOfDay(v), v).toBe('');
    }
  });
});
