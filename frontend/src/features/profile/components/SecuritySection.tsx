import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnrolStore } from '../enrolStore';
import '../profile.css';
import { EnrolDialog } from './EnrolDialog';
import { PasswordCard } from './PasswordCard';
import { SECOND_FACTOR_HEADING, SecondFactorCard } from './SecondFactorCard';
import { SessionsCard } from './SessionsCard';

/** The profile's security part: password, second factor, signed-in devices. */
export function SecuritySection({ account }: { account: string }) {
  const { t } = useTranslation();
  const { open, setOpen } = useEnrolStore();
  // leaving the page closes the set-up; it does not open again on return
  useEffect(() => () => setOpen(false), [setOpen]);
  return (
    <section className="security" id="security" aria-labelledby="security-heading">
      <div>
        <h2 id="security-heading" className="security__title">
          {t('profile.security.title')}
        </h2>
        <p className="page__subtitle">{t('profile.security.lead')}</p>
      </div>
      <PasswordCard account={account} />
      <SecondFactorCard />
      <SessionsCard />
      {/* here rather than in the card: the set-up goes on (recovery codes) after the card changed */}
      <EnrolDialog open={open} onOpenChange={setOpen} account={account} doneFocusId={SECOND_FACTOR_HEADING} />
    </section>
  );
}
