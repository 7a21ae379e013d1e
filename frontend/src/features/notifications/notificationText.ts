import type { TFunction } from 'i18next';
import type { Notification } from '@/lib/api-types.gen';

/** Actions of notifications (spec §3, with the messages to authors of "My Feedbacks", the escalation of overdue validations and read acknowledgements). */
export const NOTIFICATION_ACTIONS = [
  'accepted',
  'commentAnswered',
  'commented',
  'guidelineExpired',
  'guidelineExpiring',
  'guidelineNotInToc',
  'rejected',
  'submitted',
  'feedbackReceived',
  'feedbackAnswered',
  'validationOverdue',
  'acknowledgementRequired',
  'acknowledgementReminder',
  'partlyApproved',
  'approvalAwaited',
] as const;

/** Most notifications the header menu lists; the server keeps the rest. */
export const MENU_LIMIT = 50;

/** "Anna Keller rejected “Paracetamol”" in the UI language, with the approvals of a partly approved request; unknown actions fall back to the title. */
export function notificationText(n: Pick<Notification, 'action' | 'title' | 'senderName'> & Partial<Pick<Notification, 'approvals' | 'requiredApprovals'>>, t: TFunction): string {
  const title = n.title || t('notifications.untitled');
  return t(`notifications.action.${n.action}`, {
    sender: n.senderName || t('notifications.someone'),
    title,
    approvals: n.approvals ?? 0,
    required: n.requiredApprovals ?? 0,
    defaultValue: title,
  });
}

export const unseenCount = (list: readonly Pick<Notification, 'seen'>[] | undefined): number => (list ?? []).filter((n) => !n.seen).length;
