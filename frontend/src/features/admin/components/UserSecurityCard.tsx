import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import type { UserData } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import { useEndUserSessions } from '../api/endUserSessions';
import { useResetSecondFactor } from '../api/resetSecondFactor';

/** The super admin's help for a user's sign-in: end all their sessions, reset a lost second factor. */
export function UserSecurityCard({ user }: { user: Pick<UserData, 'id' | 'username'> }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<'sessions' | 'secondFactor' | null>(null);
  const endSessions = useEndUserSessions();
  const reset = useResetSecondFactor();
  const { username } = user;

  const close = () => {
    setConfirming(null);
    endSessions.reset();
    reset.reset();
  };

  return (
    <section className="card" aria-labelledby="user-security-heading">
      <h2 id="user-security-heading" className="card__title">
        {t('adminUsers.security')}
      </h2>
      <p className="card__text">{t('adminUsers.securityText')}</p>
      <div className="card__tools">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming('sessions')}>
          <Icon name="logout" size={16} />
          {t('adminUsers.endSessions')}
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming('secondFactor')}>
          <Icon name="shield" size={16} />
          {t('adminUsers.resetSecondFactor')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming === 'sessions'}
        onOpenChange={(open) => !open && close()}
        title={t('adminUsers.endSessionsTitle')}
        description={t('adminUsers.endSessionsText', { username })}
        confirmLabel={t('adminUsers.endSessions')}
        pending={endSessions.isPending}
        error={apiErrorText(endSessions.error, t)}
        onConfirm={() =>
          endSessions.mutate(
            { user: user.id },
            {
              onSuccess: (count) => {
                showSnackbar(t('adminUsers.sessionsEnded', { username, count }));
                close();
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={confirming === 'secondFactor'}
        onOpenChange={(open) => !open && close()}
        title={t('adminUsers.resetSecondFactorTitle')}
        description={t('adminUsers.resetSecondFactorText', { username })}
        confirmLabel={t('adminUsers.reset')}
        pending={reset.isPending}
        error={apiErrorText(reset.error, t)}
        onConfirm={() =>
          reset.mutate(
            { user: user.id },
            {
              onSuccess: () => {
                showSnackbar(t('adminUsers.secondFactorReset', { username }));
                close();
              },
            },
          )
        }
      />
    </section>
  );
}
