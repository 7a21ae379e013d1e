import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { SinceReadBanner } from '@/components/SinceReadBanner';
import type { ReaderDetail, ReaderGuideline } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDate } from '@/lib/dates';
import { useProfile } from '@/lib/endpoints/getProfile';
import { LANGUAGE_NAMES, isLanguage } from '@/lib/language';
import { showSnackbar } from '@/lib/snackbar';
import { textIn } from '@/lib/texts';
import { isSignedIn, type Space } from '@/lib/types';
import { useDownloadGuidelinePdf } from '@/lib/endpoints/downloadGuidelinePdf';
import { useReaderGuideline } from '../api/getReaderGuideline';
import { readerCondition } from '../conditions';
import { isExpired } from '../offline/store';
import { keepSpaceForOffline } from '../offline/space';
import { detailAnchor, parseReaderTarget, printedVersion, readerPath, type ReaderTarget } from '../route';
import '../reader.css';
import { DetailRefs } from './DetailRefs';
import { FavoriteStar } from './FavoriteStar';
import { OfflineBanner } from './OfflineBanner';
import { OutdatedTranslationNotice } from './OutdatedTranslationNotice';
import { PrintCheckBanner } from './PrintCheckBanner';
import { ReaderConditionView } from './ReaderCondition';
import { ReaderIcon } from './ReaderIcon';
import { ReaderSkeleton } from './ReaderSkeleton';
import { SectionContent } from './SectionContent';

// Comments load with their tab: most readers never open it, and its dialogs stay off the first page.
// the message to the authors loads with its dialog, when a signed-in reader opens it
const FeedbackButton = lazy(() => import('./FeedbackButton').then((m) => ({ default: m.FeedbackButton })));
const ReaderComments = lazy(() => import('./ReaderComments').then((m) => ({ default: m.ReaderComments })));

/** `/guideline/{id}/{lang?}/{detailId?}`: the guideline reader (spec §2), open to anonymous readers. */
export function ReaderPage({ space }: { space: Space }) {
  const params = useParams();
  const [search] = useSearchParams();
  const target = parseReaderTarget(params, search);
  if (!target) return <NotFoundPage />;
  return (
    <Reader
      key={`${target.space ?? ''}/${target.id}/${target.language}`}
      target={target}
      space={space}
      commentsFirst={search.get('preSelectedTab') === 'comments'}
      printed={printedVersion(search)}
    />
  );
}

type Tab = 'text' | 'comments';

function Reader({ target, space, commentsFirst, printed }: { target: ReaderTarget; space: Space; commentsFirst: boolean; printed: number | null }) {
  const { t } = useTranslation();
  const { id, language, detailId } = target;
  const query = useReaderGuideline(id, language, target.space);
  const profile = useProfile();
  const signedIn = isSignedIn(profile.data);
  const [tab, setTab] = useState<Tab>(commentsFirst ? 'comments' : 'text');

  useEffect(() => {
    if (query.data && !query.data.offlineSince) keepSpaceForOffline(space);
  }, [query.data, space]);

  useEffect(() => {
    if (query.data) document.title = `${query.data.guideline.title} · ${space.title}`;
  }, [query.data, space.title]);

  if (query.isPending) return <ReaderSkeleton />;
  if (query.isError) {
    return (
      <div className="reader">
        <ReaderConditionView condition={readerCondition(query.error)} id={id} space={target.space} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const { guideline: g, offlineSince } = query.data;
  const expired = isExpired(g);

  return (
    <article className="reader" lang={g.language}>
      {offlineSince && <OfflineBanner fetchedAt={offlineSince} validUntil={g.validUntil} expired={expired} />}
      {printed !== null && !offlineSince && <PrintCheckBanner printed={printed} guideline={g} />}
      {g.language !== g.requestedLanguage && isLanguage(g.requestedLanguage) && isLanguage(g.language) && (
        <p className="reader-banner" role="status">
          {t('reader.fallback', { requested: LANGUAGE_NAMES[g.requestedLanguage], shown: LANGUAGE_NAMES[g.language] })}
        </p>
      )}
      {!offlineSince && (
        <SinceReadBanner guideline={id} language={g.language} version={g.version} changeComment={g.changeComment} since={g.sinceRead ?? null} />
      )}
      <header className="reader__header">
        <div className="reader__title-row">
          <h1 className="page__title reader__title">{g.title}</h1>
          <div className="reader__tools">
            {signedIn && !offlineSince && <FavoriteStar id={id} language={g.language} space={target.space} currentSpace={space.id} />}
            <PdfButton id={id} language={g.language} space={target.space} disabled={!!offlineSince} />
            <button type="button" className="icon-btn" aria-label={t('reader.print')} title={t('reader.print')} onClick={() => window.print()}>
              <ReaderIcon name="printer" />
            </button>
            {signedIn && !offlineSince && g.abilities.mayComment && (
              <Suspense fallback={null}>
                <FeedbackButton guideline={id} language={g.language} title={g.title} />
              </Suspense>
            )}
            {g.abilities.mayReadHistory && !target.space && !offlineSince && (
              <Link className="btn btn--ghost btn--small" to={`/guideline/${id}/${g.language}/asof`}>
                <Icon name="clock" size={16} />
                {t('reader.asOf')}
              </Link>
            )}
            {g.abilities.mayEdit && (
              <Link className="btn btn--ghost btn--small" to={`/guidelines/guideline/${id}/${g.language}`}>
                <Icon name="edit" size={16} />
                {t('reader.manage')}
              </Link>
            )}
          </div>
        </div>
        {g.description && <p className="reader__description">{g.description}</p>}
        <LanguageSwitch guideline={g} space={target.space} />
        <OutdatedTranslationNotice guideline={g} space={target.space} />
        <Facts guideline={g} />
      </header>

      <div className="reader-tabs" role="tablist" aria-label={t('reader.tabs')}>
        {(['text', 'comments'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`reader-tab-${name}`}
            aria-controls={`reader-panel-${name}`}
            aria-selected={tab === name}
            className={tab === name ? 'reader-tab reader-tab--active' : 'reader-tab'}
            onClick={() => setTab(name)}
          >
            {name === 'text' ? <Icon name="fileText" size={16} /> : <Icon name="message" size={16} />}
            {t(`reader.tab.${name}`)}
          </button>
        ))}
      </div>

      {tab === 'text' ? (
        <div role="tabpanel" id="reader-panel-text" aria-labelledby="reader-tab-text">
          <Sections
            guideline={g}
            detailId={detailId}
            space={target.space}
            preferCollapsed={profile.data?.preferCollapsed ?? false}
            signedIn={signedIn && !offlineSince}
          />
        </div>
      ) : (
        <div role="tabpanel" id="reader-panel-comments" aria-labelledby="reader-tab-comments" className="card">
          {offlineSince ? (
            <p className="muted">{t('reader.offlineCopy.noComments')}</p>
          ) : (
            <Suspense fallback={<Loader />}>
              <ReaderComments id={id} language={g.language} signedIn={signedIn} mayComment={g.abilities.mayComment} />
            </Suspense>
          )}
        </div>
      )}
    </article>
  );
}

function LanguageSwitch({ guideline: g, space }: { guideline: ReaderGuideline; space: number | null }) {
  const { t } = useTranslation();
  if (g.languages.length < 2) return null;
  return (
    <nav className="reader-languages" aria-label={t('reader.languages')}>
      {g.languages.filter(isLanguage).map((l) => (
        <Link
          key={l}
          to={readerPath(g.id, l, null, space)}
          className={l === g.language ? 'chip reader-languages__current' : 'chip chip--muted'}
          aria-current={l === g.language ? 'page' : undefined}
          lang={l}
        >
          {LANGUAGE_NAMES[l]}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Metadata, validity and provenance of the text, folded into one line on every width so that the
 * clinical text comes first; the line keeps what a reader must not miss: valid-until and an
 * important change.
 */
function Facts({ guideline: g }: { guideline: ReaderGuideline }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string | null | undefined) => (iso ? formatDate(iso, i18n.language) : null);
  const handleCopy = () => {
    navigator.clipboard.writeText(g.canonicalLink).then(
      () => showSnackbar(t('reader.facts.copied')),
      () => showSnackbar(t('reader.facts.copyFailed'), { type: 'error' }),
    );
  };
  const rows: [string, string | null][] = [
    ['collection', g.sourceSpace ? t('reader.facts.sharedFrom', { collection: g.collection.title, space: g.sourceSpace.title }) : g.collection.title],
    ['validator', g.validator || null],
    ['validationDate', date(g.validationDate)],
    ['validFrom', date(g.validFrom)],
    ['validUntil', date(g.validUntil)],
    ['firstPublished', date(g.firstPublishedDate)],
    ['version', String(g.version)],
  ];
  return (
    <>
      {g.metadata.length > 0 && (
        <ul className="reader-chips" aria-label={t('reader.facts.metadata')}>
          {g.metadata.map((m) => (
            <li key={m.metadataId} className="chip" title={textIn(m.names, i18n.language)}>
              <span className="visually-hidden">{textIn(m.names, i18n.language)}: </span>
              {textIn(m.optionNames, i18n.language)}
            </li>
          ))}
        </ul>
      )}
      {g.tags.length > 0 && (
        <p className="reader-tags muted">
          <span className="visually-hidden">{t('reader.facts.tags')}: </span>
          {g.tags.map((tag) => `#${tag}`).join(' ')}
        </p>
      )}
      <details className="reader-facts-fold">
        <summary>
          <Icon name="chevronRight" size={16} className="reader-facts-fold__chevron" />
          <span className="reader-facts-fold__label">{t('reader.facts.details')}</span>
          {g.validUntil && <span className="muted">{t('reader.facts.validUntilShort', { date: date(g.validUntil) })}</span>}
          {g.importantChange && (
            <span className="reader-facts__important">
              <Icon name="bell" size={14} />
              {t('reader.importantChange')}
            </span>
          )}
        </summary>
        {g.importantChange && g.changeComment && (
          <p className="reader-banner reader-banner--important reader-banner__text" data-fact="changeComment">
            {g.changeComment}
          </p>
        )}
        <dl className="reader-facts">
          {rows
            .filter((r): r is [string, string] => r[1] !== null)
            .map(([key, value]) => (
              <div key={key} className="reader-facts__row" data-fact={key}>
                <dt>{t(`reader.facts.${key}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          <div className="reader-facts__row reader-facts__row--link" data-fact="canonicalLink">
            <dt>{t('reader.facts.canonicalLink')}</dt>
            <dd>
              <a href={g.canonicalLink}>{g.canonicalLink}</a>
              <button type="button" className="icon-btn reader-copy" aria-label={t('reader.facts.copy')} title={t('reader.facts.copy')} onClick={handleCopy}>
                <ReaderIcon name="copy" size={16} />
              </button>
            </dd>
          </div>
        </dl>
      </details>
    </>
  );
}

function PdfButton({ id, language, space, disabled }: { id: number; language: string; space: number | null; disabled: boolean }) {
  const { t } = useTranslation();
  const pdf = useDownloadGuidelinePdf();
  const handleClick = () =>
    pdf.mutate(
      { guidelineid: id, language, ...(space ? { space } : {}) },
      { onError: (error) => showSnackbar(apiErrorText(error, t) ?? t('reader.pdfFailed'), { type: 'error' }) },
    );
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={t('reader.pdf')}
      title={t('reader.pdf')}
      aria-busy={pdf.isPending}
      disabled={disabled || pdf.isPending}
      onClick={handleClick}
    >
      <ReaderIcon name="download" />
    </button>
  );
}

function Sections({
  guideline: g,
  detailId,
  space,
  preferCollapsed,
  signedIn,
}: {
  guideline: ReaderGuideline;
  detailId: number | null;
  space: number | null;
  preferCollapsed: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const initial = useMemo(() => new Set(preferCollapsed ? g.details.map((d) => d.id).filter((d) => d !== detailId) : []), [g.details, preferCollapsed, detailId]);
  const [collapsed, setCollapsed] = useState(initial);
  const [highlight, setHighlight] = useState<number | null>(detailId);
  const targetMissing = detailId !== null && !g.details.some((d) => d.id === detailId);

  useEffect(() => setCollapsed(initial), [initial]);

  // A deep link scrolls to its section once the text is there, and marks it for a while.
  useEffect(() => {
    if (detailId === null) return;
    // after the shell's scroll to the top of a new route
    const frame = window.requestAnimationFrame(() => {
      const el = document.getElementById(detailAnchor(detailId));
      if (!el) return;
      el.scrollIntoView({ block: 'start' });
      el.focus({ preventScroll: true });
      setHighlight(detailId);
    });
    const timer = window.setTimeout(() => setHighlight(null), 4000);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [detailId, g]);

  const toggle = (id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (g.details.length === 0) return <p className="muted">{t('reader.noSections')}</p>;
  return (
    <>
      {targetMissing && (
        <p className="reader-banner" role="status">
          {t('reader.detailMissing')}
        </p>
      )}
      {g.details.map((d) => (
        <Section
          key={d.id}
          detail={d}
          href={readerPath(g.id, g.language, d.id, space)}
          space={space}
          open={!collapsed.has(d.id)}
          highlighted={highlight === d.id}
          signedIn={signedIn}
          onToggle={() => toggle(d.id)}
        />
      ))}
    </>
  );
}

function Section({
  detail: d,
  href,
  space,
  open,
  highlighted,
  signedIn,
  onToggle,
}: {
  detail: ReaderDetail;
  href: string;
  space: number | null;
  open: boolean;
  highlighted: boolean;
  signedIn: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const title = d.title || d.extern?.title || t('reader.untitled');
  const bodyId = `${detailAnchor(d.id)}-body`;
  return (
    <section
      id={detailAnchor(d.id)}
      tabIndex={-1}
      className={highlighted ? 'reader-section reader-section--highlight' : 'reader-section'}
      aria-labelledby={`${detailAnchor(d.id)}-title`}
      data-detail-id={d.id}
    >
      <h2 className="reader-section__title">
        <button type="button" id={`${detailAnchor(d.id)}-title`} className="reader-section__toggle" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
          <Icon name={open ? 'chevronDown' : 'chevronRight'} size={18} />
          {title}
        </button>
        <Link className="reader-section__anchor" to={href} aria-label={t('reader.sectionLink', { title })} title={t('reader.sectionLink', { title })}>
          #
        </Link>
      </h2>
      <div id={bodyId} hidden={!open} className="reader-section__body">
        {d.extern ? (
          d.extern.available ? (
            <>
              <SectionContent detailId={d.id} html={d.extern.content} />
              <p className="reader-extern muted">
                <ReaderIcon name="link" size={14} />{' '}
                <Link to={readerPath(d.extern.guideline, d.extern.language, d.extern.detail, space)}>
                  {t('reader.extern', { guideline: d.extern.guidelineTitle, section: d.extern.title })}
                </Link>
              </p>
            </>
          ) : (
            <p className="muted">{t('reader.externUnavailable')}</p>
          )
        ) : (
          <SectionContent detailId={d.id} html={d.content} />
        )}
        {signedIn && <DetailRefs detailId={d.id} />}
      </div>
    </section>
  );
}
