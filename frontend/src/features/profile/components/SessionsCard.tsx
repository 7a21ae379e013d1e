import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { loginUrl } from '@/lib/api';
import type { SessionInfo } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDateTime, formatRelative } from '@/lib/dates';
import { showSnackbar } from '@/lib/snackbar';
import { useEndSession } from '../api/endSession';
import { useSessions } from '../api/getSessions';
import { parseUserAgent } from '../device';

type T = ReturnType<typeof useTranslation>['t'];

/** "Chrome on Windows", "Browser on iPhone", "Safari" or "Unknown device". */
export function deviceLabel(userAgent: string, t: T): string {
  const { browser, os } = parseUserAgent(userAgent);
  if (browser && os) return t('profile.sessions.device', { browser, os });
  if (os) return t('profile.sessions.browserOn', { os });
  return browser ?? t('profile.sessions.unknownDevice');
}

/** This device first, then the most recently used. */
const byUse = (a: SessionInfo, b: SessionInfo) => Number(b.current) - Number(a.current) || Date.parse(b.lastSeen) - Date.parse(a.lastSeen);

/** The caller's sessions with device, address and times; each can be ended (this device's signs out). */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const end = useEndSession();
  const [ending, setEnding] = useState<SessionInfo | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const justEnded = useRef(false);

  const handleEnd = () => {
    if (!ending) return;
    const { id, current } = ending;
    end.mutate(
      { id },
      {
        onSuccess: () => {
          if (current) {
            window.location.assign(loginUrl('/profile'));
            return;
          }
          showSnackbar(t('profile.sessions.ended'));
          justEnded.current = true;
          setEnding(null);
        },
      },
    );
  };

  let body;
  if (sessions.isPending) body = <Loader />;
  else if (sessions.isError)
    body = (
      <p className="form-error" role="alert">
        {apiErrorText(sessions.error, t)}
      </p>
    );
  else if (sessions.data.length === 0) body = <p className="muted">{t('common.noItems')}</p>;
  else
    body = (
      <ul className="session-rows">
        {[...sessions.data].sort(byUse).map((s) => (
          <SessionRow key={s.id} session={s} onEnd={() => setEnding(s)} />
        ))}
      </ul>
    );

  const endingDevice = ending ? deviceLabel(ending.userAgent, t) : '';
  return (
    <section className="card" aria-labelledby="sessions-heading">
      <h3 id="sessions-heading" className="card__title" ref={headingRef} tabIndex={-1}>
        {t('profile.sessions.title')}
      </h3>
      <p className="card__text">{t('profile.sessions.lead')}</p>
      {body}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) {
            setEnding(null);
            end.reset();
          }
        }}
        title={t('profile.sessions.endTitle')}
        description={
          ending?.current
            ? t('profile.sessions.endCurrentText')
            : t('profile.sessions.endText', { device: endingDevice, address: ending?.address ?? '' })
        }
        confirmLabel={t('profile.sessions.end')}
        onConfirm={handleEnd}
        pending={end.isPending}
        error={apiErrorText(end.error, t)}
        // the row whose button opened the dialog is gone once its session ended
        onCloseAutoFocus={(e) => {
          if (!justEnded.current) return;
          justEnded.current = false;
          e.preventDefault();
          headingRef.current?.focus();
        }}
      />
    </section>
  );
}

function SessionRow({ session, onEnd }: { session: SessionInfo; onEnd: () => void }) {
  const { t, i18n } = useTranslation();
  const device = deviceLabel(session.userAgent, t);
  const { mobile } = parseUserAgent(session.userAgent);
  // the last minute is "now", not "12 seconds ago"
  const lastSeen = Date.parse(session.lastSeen);
  const now = Math.abs(Date.now() - lastSeen) < 60_000 ? lastSeen : Date.now();
  return (
    <li className={`session-row${session.current ? ' session-row--current' : ''}`} data-session-id={session.id}>
      <span className="session-row__icon">
        <Icon name={mobile ? 'smartphone' : 'monitor'} size={22} />
      </span>
      <div className="session-row__text">
        <span className="session-row__device">
          <span title={session.userAgent || undefined}>{device}</span>
          {session.current && <span className="chip">{t('profile.sessions.thisDevice')}</span>}
        </span>
        <span className="session-row__meta">
          {session.address && <span>{t('profile.sessions.address', { address: session.address })}</span>}
          <span>
            {t('profile.sessions.created', { date: formatDateTime(session.created, i18n.language) })}
          </span>
          <span title={formatDateTime(session.lastSeen, i18n.language)}>
            {t('profile.sessions.lastSeen', { when: formatRelative(session.lastSeen, i18n.language, now) })}
          </span>
        </span>
      </div>
      <button type="button" className="btn btn--ghost btn--small session-row__end" aria-label={t('profile.sessions.endLabel', { device })} onClick={onEnd}>
        <Icon name="logout" size={16} />
        {t('profile.sessions.end')}
      </button>
    </li>
  );
}
