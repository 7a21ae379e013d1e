import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '@/components/Footer';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { LogoutButton } from '@/components/LogoutButton';
import { Tooltip } from '@/components/Tooltip';
import { loginUrl } from '@/lib/api';
import { mergeLandingPages, useLandingPages } from '@/lib/endpoints/getLandingPage';
import { useProfile } from '@/lib/endpoints/getProfile';
import { spaceUrl } from '@/lib/host';
import { clearRedirectSpace, decideRedirect, readRedirectSpace } from '@/lib/redirectPreference';
import { PERSISTENT, showSnackbar } from '@/lib/snackbar';
import { displayName, isSignedIn } from '@/lib/types';
import { groupSpaces } from '../filterSpaces';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { SpaceCard } from './SpaceCard';

/** Wait after typing before asking the server, as the search box does (spec §9). */
const FILTER_DEBOUNCE_MS = 50;

const GROUP_TITLES = {
  national: 'landing.nationalOrganizations',
  mine: 'landing.myOrganizations',
  more: 'landing.moreOrganizations',
  filtered: 'landing.filteredOrganizations',
} as const;

function useRedirectPreference(): boolean {
  const [decision] = useState(() => decideRedirect(window.location.search, readRedirectSpace()));
  useEffect(() => {
    if (decision.kind === 'clear') clearRedirectSpace();
    if (decision.kind === 'redirect') window.location.replace(spaceUrl(decision.subdomain));
  }, [decision]);
  return decision.kind === 'redirect';
}

/** www landing site (spec §2). */
export function LandingPage() {
  const { t } = useTranslation();
  const redirecting = useRedirectPreference();
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const { data: profile } = useProfile();
  const query = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const landing = useLandingPages(query);
  const page = landing.data ? mergeLandingPages(landing.data.pages) : undefined;
  const signedIn = isSignedIn(profile);

  useEffect(() => {
    if (new URLSearchParams(window.location.search).has('emailNotVerified')) {
      showSnackbar(t('common.EmailNotVerified'), { type: 'error', timeout: PERSISTENT });
    }
    // once per visit, not again when the language changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (redirecting) return <Loader fullscreen />;

  const groups = page ? groupSpaces(page, filter) : [];
  const shown = page ? page.spaces.length + page.nationalSpaces.length : 0;
  const total = page ? page.total + page.nationalTotal : 0;

  return (
    <div className="landing">
      <header className="landing__header">
        <div className="landing__header-inner">
          <span className="wordmark">
            <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
              <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.18" />
              <path d="M9 9l7 15l7-15" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Vademecum
          </span>
          <div className="landing__session">
            {signedIn && profile && (
              <Tooltip content={t('landing.openOrganizationForProfile')}>
                <span className="landing__user" tabIndex={0}>
                  <Icon name="user" size={18} />
                  {displayName(profile)}
                </span>
              </Tooltip>
            )}
            {profile &&
              (signedIn ? (
                <LogoutButton className="header-btn">
                  <Icon name="logout" size={18} />
                  <span className="header-btn__label">{t('auth.logout')}</span>
                </LogoutButton>
              ) : (
                <a className="header-btn header-btn--solid" href={loginUrl('/')}>
                  <Icon name="login" size={18} />
                  <span className="header-btn__label">{t('auth.login')}</span>
                </a>
              ))}
          </div>
        </div>
        <div className="landing__hero">
          <h1 className="landing__title">{t('landing.title')}</h1>
          <p className="landing__lead">{t('landing.lead')}</p>
          <div className="search-box">
            <Icon name="search" size={20} />
            <label htmlFor={filterId} className="visually-hidden">
              {t('landing.filterPlaceholder')}
            </label>
            <input
              id={filterId}
              type="search"
              className="search-box__input"
              placeholder={t('landing.filterPlaceholder')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              autoComplete="off"
            />
          </div>
        </div>
      </header>

      <main className="landing__main">
        {landing.isPending && <Loader />}
        {landing.isError && (
          <p className="form-error" role="alert">
            {t('error.somethingWrong')}
          </p>
        )}
        {groups.map((group) => (
          <section key={group.key} className="space-group" aria-labelledby={`group-${group.key}`}>
            <h2 id={`group-${group.key}`} className="space-group__title">
              {group.key === 'filtered' && group.spaces.length === 0 ? t('landing.noOrganizations') : t(GROUP_TITLES[group.key])}
            </h2>
            {group.spaces.length > 0 && (
              <ul className="space-grid">
                {group.spaces.map((s) => (
                  <li key={s.id}>
                    <SpaceCard space={s} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
        {page && total > 0 && (
          <p className="space-group__total" aria-live="polite">
            {t('landing.shownOfTotal', { shown, total })}
          </p>
        )}
        {landing.hasNextPage && (
          <button type="button" className="btn" onClick={() => void landing.fetchNextPage()} disabled={landing.isFetchingNextPage}>
            {t('landing.more')}
          </button>
        )}
      </main>
      <Footer landing />
    </div>
  );
}
