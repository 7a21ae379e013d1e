import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { loginUrl } from '@/lib/api';
import { endSession } from '../api/endSession';
import { useSecondFactor } from '../api/getSecondFactor';
import { sessionsQueryOptions } from '../api/getSessions';
import { useEnrolStore } from '../enrolStore';
import '../profile.css';

/**
 * Tells an administrator whose rights hold only with a second factor that this session lacks
 * one, and offers the way out: set it up, or sign in again with the code.
 */
export function SecondFactorNotice() {
  const { t } = useTranslation();
  const openEnrol = useEnrolStore((s) => s.setOpen);
  const { data } = useSecondFactor();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  if (!data?.required || data.session) return null;

  // this session ends first, so that it does not linger beside the new one
  const handleSignInAgain = async () => {
    setLeaving(true);
    try {
      const current = (await queryClient.fetchQuery(sessionsQueryOptions())).find((s) => s.current);
      if (current) await endSession({ id: current.id });
    } catch {
      // signing in again is what matters
    }
    window.location.assign(loginUrl('/profile'));
  };

  return (
    <section className="security-notice" aria-labelledby="second-factor-notice">
      <Icon name="shield" size={28} />
      <div className="security-notice__text">
        <h2 id="second-factor-notice" className="security-notice__title">
          {t('profile.secondFactor.requiredTitle')}
        </h2>
        <p>{data.enrolled ? t('profile.secondFactor.requiredSignIn') : t('profile.secondFactor.requiredEnrol')}</p>
        <div className="security-notice__actions">
          {data.enrolled ? (
            <button type="button" className="btn btn--primary" disabled={leaving} onClick={() => void handleSignInAgain()}>
              <Icon name="login" size={18} />
              {t('profile.secondFactor.signInAgain')}
            </button>
          ) : (
            <button type="button" className="btn btn--primary" onClick={() => openEnrol(true)}>
              <Icon name="shield" size={18} />
              {t('profile.secondFactor.setUpNow')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
