import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { TextAreaField } from '@/components/TextField';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDate } from '@/lib/dates';
import { useNavigation } from '@/lib/endpoints/getNavigation';
import { showSnackbar } from '@/lib/snackbar';
import type { Space } from '@/lib/types';
import { useMyMembershipRequest } from '../api/getMyMembershipRequest';
import { MESSAGE_MAX, useRequestMembership } from '../api/requestMembership';
import { membershipState } from '../membership';

/** Banner for a signed-in user who is not a member of the space: request membership, or see the request's state. */
export function MembershipCard({ space, signedIn }: { space: Space; signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const nav = useNavigation(signedIn);
  const request = useMyMembershipRequest(signedIn && nav.data !== undefined && !nav.data.spaceMember);
  const [asking, setAsking] = useState(false);
  const state = membershipState(signedIn, nav.data, request.isError ? null : request.data);

  if (state === 'hidden') return null;

  return (
    <section className="card membership-card" data-state={state} aria-labelledby="membership-card-title">
      <Icon name={state === 'pending' ? 'info' : 'building'} size={28} className="membership-card__icon" />
      <div className="membership-card__text">
        {state === 'pending' && request.data ? (
          <>
            <h2 id="membership-card-title" className="membership-card__title">
              {t('home.membership.pending')}
            </h2>
            <p className="membership-card__lead">
              {t('home.membership.pendingText', { date: formatDate(request.data.createdAt, i18n.language), space: space.title })}
            </p>
          </>
        ) : (
          <>
            <h2 id="membership-card-title" className="membership-card__title">
              {state === 'declined' ? t('home.membership.declined') : t('home.membership.notMember', { space: space.title })}
            </h2>
            <p className="membership-card__lead">{state === 'declined' ? t('home.membership.declinedText') : t('home.membership.notMemberText')}</p>
          </>
        )}
      </div>
      {state !== 'pending' && (
        <button type="button" className="btn btn--primary membership-card__action" onClick={() => setAsking(true)}>
          {state === 'declined' ? t('home.membership.requestAgain') : t('home.membership.request')}
        </button>
      )}
      <RequestMembershipDialog space={space} open={asking} onOpenChange={setAsking} />
    </section>
  );
}

function RequestMembershipDialog({ space, open, onOpenChange }: { space: Space; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog--framed">
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{t('home.membership.dialogTitle')}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          {open && <RequestForm space={space} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RequestForm({ space, onDone }: { space: Space; onDone: () => void }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useRequestMembership();

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (message.length > MESSAGE_MAX) {
      setError(t('validation.tooLong'));
      return;
    }
    send.mutate(
      { message: message.trim() },
      {
        onSuccess: () => {
          showSnackbar(t('home.membership.sent'));
          onDone();
        },
        onError: (err) => setError(apiErrorText(err, t)),
      },
    );
  };

  return (
    <form className="dialog__body form" onSubmit={handleSubmit} noValidate>
      <Dialog.Description className="dialog__description">{t('home.membership.dialogText', { space: space.title })}</Dialog.Description>
      <TextAreaField
        label={t('home.membership.message')}
        name="message"
        value={message}
        maxLength={MESSAGE_MAX}
        hint={t('home.membership.messageHint', { n: MESSAGE_MAX - message.length })}
        error={error}
        onChange={(e) => {
          setMessage(e.target.value);
          setError(null);
        }}
      />
      <div className="dialog__actions">
        <Dialog.Close className="btn btn--ghost">{t('common.cancel')}</Dialog.Close>
        <button type="submit" className="btn btn--primary" disabled={send.isPending}>
          {t('home.membership.submit')}
        </button>
      </div>
    </form>
  );
}
