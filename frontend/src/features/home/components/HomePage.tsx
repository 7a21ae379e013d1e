import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { loginUrl } from '@/lib/api';
import type { ActiveCollection, ContentGuidelineEntry as GuidelineEntry } from '@/lib/api-types.gen';
import { formatDate } from '@/lib/dates';
import { useProfile } from '@/lib/endpoints/getProfile';
import { isSignedIn, type Space } from '@/lib/types';
import { useUiStore } from '@/lib/uiStore';
import { useAnnouncements } from '../api/getAnnouncements';
import { useActiveCollections } from '@/lib/endpoints/getActiveCollections';
import { useRecentGuidelines } from '../api/getRecentGuidelines';
import '../home.css';
import { MembershipCard } from './MembershipCard';

/** Welcome page of a space: announcements, the guideline overview by collection and the newest guidelines. */
export function HomePage({ space }: { space: Space }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: profile } = useProfile();
  const signedIn = isSignedIn(profile);

  return (
    <div className="page">
      <section className="hero card">
        <img className="hero__logo" src={`/api/common/get/spaceLogo/64/${space.subdomain}`} alt="" width={64} height={64} />
        <div>
          <p className="hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 className="hero__title">{t('home.title', { space: space.title })}</h1>
          <p className="hero__text">{t('home.intro')}</p>
        </div>
      </section>

      <Announcements />

      <MembershipCard space={space} signedIn={signedIn} />

      <div className="home-grid">
        <Overview signedIn={signedIn} />
        <RecentGuidelines />
      </div>

      {profile && !signedIn && (
        <section className="card home-signin">
          <Icon name="login" size={24} />
          <div>
            <h2 className="tile__title">{t('home.signInTitle')}</h2>
            <p className="tile__text">{t('home.signInText')}</p>
          </div>
          <a className="btn btn--primary" href={loginUrl(location.pathname + location.search)}>
            {t('auth.login')}
          </a>
        </section>
      )}
    </div>
  );
}

/** Reader path of a listed guideline; those of shared collections name their space. */
const entryPath = (g: GuidelineEntry) => `/guideline/${g.guidelineId}/${g.language}${g.shared ? `?space=${g.spaceId}` : ''}`;

function Announcements() {
  const { t, i18n } = useTranslation();
  const announcements = useAnnouncements(i18n.language);
  if (!announcements.data || announcements.data.length === 0) return null;
  return (
    <section className="home-announcements" aria-label={t('home.announcements')}>
      {announcements.data.map((a) => (
        <article key={a.id} className="card announcement" lang={a.language}>
          <Icon name="info" size={22} className="announcement__icon" />
          <div className="announcement__body">
            <h2 className="announcement__teaser">{a.teaser}</h2>
            {/* sanitised by the server with the guideline allow-list */}
            {a.content && <div className="announcement__content" dangerouslySetInnerHTML={{ __html: a.content }} />}
            {a.startDate && <p className="announcement__date">{formatDate(a.startDate, i18n.language)}</p>}
          </div>
        </article>
      ))}
    </section>
  );
}

function Overview({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const collections = useActiveCollections();
  const openDrawer = useUiStore((s) => s.setDrawerOpen);
  return (
    <section className="card" aria-labelledby="overview-heading">
      <div className="card__toolbar">
        <h2 id="overview-heading" className="card__title">
          {t('home.overview')}
        </h2>
        <button type="button" className="btn btn--ghost" onClick={() => openDrawer(true)}>
          <Icon name="folder" size={18} />
          {t('home.openToc')}
        </button>
      </div>
      {collections.isPending ? (
        <Loader />
      ) : collections.isError ? (
        <p className="form-error" role="alert">
          {t('home.loadError')}
        </p>
      ) : collections.data.length === 0 ? (
        <div className="empty-state">
          <Icon name="book" size={28} />
          <p className="empty-state__title">{t('home.noGuidelinesTitle')}</p>
          <p className="empty-state__text">{signedIn ? t('home.noGuidelinesText') : t('home.noGuidelinesAnonymous')}</p>
        </div>
      ) : (
        <ul className="overview">
          {collections.data.map((c) => (
            <OverviewCollection key={`${c.spaceId}:${c.collectionId}`} collection={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OverviewCollection({ collection: c }: { collection: ActiveCollection }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const guidelines = useRecentGuidelines({ collectionId: `${c.spaceId}:${c.collectionId}`, limit: 50, lang: i18n.language }, open);
  const listId = `overview-${c.spaceId}-${c.collectionId}`;
  return (
    <li className="overview__item">
      <button type="button" className="overview__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
        <Icon name={open ? 'chevronDown' : 'chevronRight'} size={18} />
        <span className="overview__title">{c.shared ? t('reader.facts.sharedFrom', { collection: c.collectionTitle, space: c.spaceTitle }) : c.collectionTitle}</span>
        <span className="chip chip--muted" aria-label={t('home.guidelineCount', { count: c.guidelinesCount })}>
          {c.guidelinesCount}
        </span>
      </button>
      {open && (
        <div id={listId} className="overview__list">
          {guidelines.isPending ? <Loader /> : <GuidelineList entries={guidelines.data ?? []} showCollection={false} />}
        </div>
      )}
    </li>
  );
}

function RecentGuidelines() {
  const { t, i18n } = useTranslation();
  const recent = useRecentGuidelines({ limit: 10, lang: i18n.language });
  return (
    <section className="card" aria-labelledby="recent-heading">
      <h2 id="recent-heading" className="card__title">
        {t('home.recent')}
      </h2>
      {recent.isPending ? (
        <Loader />
      ) : recent.isError ? (
        <p className="form-error" role="alert">
          {t('home.loadError')}
        </p>
      ) : recent.data.length === 0 ? (
        <p className="muted">{t('home.noRecent')}</p>
      ) : (
        <GuidelineList entries={recent.data} showCollection />
      )}
    </section>
  );
}

function GuidelineList({ entries, showCollection }: { entries: GuidelineEntry[]; showCollection: boolean }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <p className="muted">{t('common.noItems')}</p>;
  return (
    <ul className="guideline-entries">
      {entries.map((g) => (
        <li key={`${g.spaceId}-${g.guidelineId}`} className="guideline-entry">
          <Link to={entryPath(g)} lang={g.language} className="guideline-entry__title">
            {g.title}
          </Link>
          <span className="guideline-entry__meta">
            {showCollection && <span>{g.shared ? `${g.collectionTitle} · ${g.spaceTitle}` : g.collectionTitle}</span>}
            <span>{g.languages.map((l) => l.toUpperCase()).join(' · ')}</span>
            <time dateTime={g.published}>{formatDate(g.published, i18n.language)}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
