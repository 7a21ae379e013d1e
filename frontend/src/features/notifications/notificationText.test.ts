import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import fr from '@/locales/fr.json';
import it_ from '@/locales/it.json';
import { NOTIFICATION_ACTIONS, notificationText, unseenCount } from './notificationText';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('notification texts', () => {
  it('exist for every action of spec §3 in every language', () => {
    for (const locale of [de, en, fr, it_]) {
      for (const action of NOTIFICATION_ACTIONS) expect(locale.notifications.action[action], action).toBeTruthy();
    }
  });

  it('name the sender and the guideline', () => {
    const t = i18n.t.bind(i18n);
    expect(notificationText({ action: 'rejected', title: 'Paracetamol', senderName: 'Max Muster' }, t)).toBe('Max Muster rejected “Paracetamol”');
    expect(notificationText({ action: 'submitted', title: 'Paracetamol', senderName: '' }, t)).toBe('Someone submitted “Paracetamol” for validation');
    expect(notificationText({ action: 'feedbackAnswered', title: 'Sepsis', senderName: 'Anna Keller' }, t)).toBe('Anna Keller replied to a message about “Sepsis”');
    expect(notificationText({ action: 'partlyApproved', title: 'Sepsis', senderName: 'Vera Graf', approvals: 1, requiredApprovals: 2 }, t)).toBe(
      'Vera Graf approved “Sepsis” – 1 of 2 approvals',
    );
    expect(notificationText({ action: 'approvalAwaited', title: 'Sepsis', senderName: 'Vera Graf', approvals: 1, requiredApprovals: 3 }, t)).toBe(
      '“Sepsis” awaits your approval (1 of 3 approvals)',
    );
    expect(notificationText({ action: 'somethingNew', title: 'Paracetamol', senderName: 'x' }, t)).toBe('Paracetamol');
  });

  it('count the unseen ones', () => {
    expect(unseenCount([{ seen: true }, { seen: false }, { seen: false }])).toBe(2);
    expect(unseenCount(undefined)).toBe(0);
  });
});
