import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import type { AsOf as GuidelineAsOf, Publication } from '@/lib/api-types.gen';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDate } from '@/lib/dates';
import { useDownloadGuidelinePdf } from '@/lib/endpoints/downloadGuidelinePdf';
import { isLanguage } from '@/lib/language';
import { showSnackbar } from '@/lib/snackbar';
import { useGuidelineAsOf } from '../api/getGuidelineAsOf';
import '../history.css';

/** Today in UTC as YYYY-MM-DD: the days of the history are UTC days. */
const todayUTC = () => new Date().toISOString().slice(0, 10);

/** A YYYY-MM-DD day written as the UI language writes dates. */
const formatDay = (day: string, language: string) => formatDate(`${day}T12:00:00Z`, language);

/** The day of a timestamp in UTC, YYYY-MM-DD. */
const dayOf = (iso: string) => iso.slice(0, 10);

const asOfPath = (id: number, language: string, date: string) => `/guideline/${id}/${language}/asof/${date}`;

/**
 * `/guideline/{id}/{lang}/asof/{date?}`: a guideline language as it was valid on a day, read-only,
 * with its validation and the publications before and after it.
 */
export function AsOfPage() {
  const params = useParams();
  const id = Number(params.id);
  const language = params.lang ?? '';
  if (!Number.isSafeInteger(id) || id <= 0 || !isLanguage(language)) return <NotFoundPage />;
  const date = params.date && /^\d{4}-\d{2}-\d{2}$/.test(params.date) ? params.date : todayUTC();
  return <AsOf key={`${id}/${language}/${date}`} id={id} language={language} date={date} />;
}

function AsOf({ id, language, date }: { id: number; language: string; date: string }) {
  const { t, i18n } = useTranslation();
  const query = useGuidelineAsOf(id, language, date);
  return (
    <div className="asof">
      <DatePicker id={id} language={language} date={date} />
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <p className="asof-banner asof-banner--alert" role="alert">
          {query.error instanceof ApiError && query.error.message === 'guideline.notInForce'
            ? t('history.notInForce', {
                date: formatDay(date, i18n.language),
                first: typeof query.error.params.firstPublished === 'string' ? formatDate(query.error.params.firstPublished, i18n.language) : '—',
              })
            : apiErrorText(query.error, t)}
        </p>
      ) : (
        <AsOfText asOf={query.data} />
      )}
      <p className="asof__links">
        <Link to={`/guideline/${id}/${language}`}>{t('history.current')}</Link>
        {query.isSuccess && <PdfButton id={id} language={language} date={date} />}
      </p>
    </div>
  );
}

function PdfButton({ id, language, date }: { id: number; language: string; date: string }) {
  const { t } = useTranslation();
  const pdf = useDownloadGuidelinePdf();
  const handleClick = () =>
    pdf.mutate({ guidelineid: id, language, asOf: date }, { onError: (error) => showSnackbar(apiErrorText(error, t) ?? t('history.pdfFailed'), { type: 'error' }) });
  return (
    <button type="button" className="btn btn--ghost btn--small" aria-busy={pdf.isPending} disabled={pdf.isPending} onClick={handleClick}>
      {t('history.pdf')}
    </button>
  );
}

function DatePicker({ id, language, date }: { id: number; language: string; date: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(date);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) void navigate(asOfPath(id, language, value));
  };
  return (
    <form className="asof__picker" onSubmit={handleSubmit}>
      <label htmlFor="asof-date">{t('history.date')}</label>
      <input id="asof-date" className="input" type="date" value={value} max={todayUTC()} required onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className="btn btn--primary btn--small">
        {t('history.show')}
      </button>
    </form>
  );
}

function AsOfText({ asOf: a }: { asOf: GuidelineAsOf }) {
  const { t, i18n } = useTranslation();
  const date = (iso?: string | null) => (iso ? formatDate(iso, i18n.language) : '—');
  const p = a.inForce;
  const previous = a.before.at(-1);
  const next = a.after.at(0);
  return (
    <article className="asof__text" lang={a.language}>
      <p className={p.until ? 'asof-banner asof-banner--past' : 'asof-banner'} role="status" data-asof-banner>
        {t(p.until ? 'history.banner' : 'history.bannerCurrent', { date: formatDay(a.date, i18n.language) })}
      </p>
      {a.expired && (
        <p className="asof-banner asof-banner--alert" role="alert">
          {t('history.expired', { date: date(p.validUntil) })}
        </p>
      )}
      {a.withdrawn && (
        <p className="asof-banner asof-banner--alert" role="alert" data-testid="asof-withdrawn">
          {t('history.withdrawn')}
        </p>
      )}
      <h1 className="page__title">{a.title}</h1>
      {a.description && <p className="muted">{a.description}</p>}
      <dl className="asof__facts">
        {(
          [
            ['version', String(p.version)],
            ['kind', t(`history.kinds.${p.kind}`)],
            ['validator', p.validator || '—'],
            ['comment', p.comment || '—'],
            ['validFrom', date(p.validFrom)],
            ['validUntil', date(p.validUntil)],
            ['shown', t('history.interval', { from: date(p.from), until: p.until ? date(p.until) : t('history.today') })],
          ] as const
        ).map(([key, value]) => (
          <div key={key} data-fact={key}>
            <dt>{t(`history.facts.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <nav className="asof__steps" aria-label={t('history.publications')}>
        {previous && <Link to={asOfPath(a.id, a.language, dayOf(previous.from))}>{t('history.previous', { version: previous.version, date: date(previous.from) })}</Link>}
        {next && <Link to={asOfPath(a.id, a.language, dayOf(next.from))}>{t('history.next', { version: next.version, date: date(next.from) })}</Link>}
      </nav>
      {a.details.map((d) => (
        <section key={d.id} className="asof__section">
          <h2>{d.title || d.extern?.title || t('history.untitled')}</h2>
          {d.extern ? (
            d.extern.available ? (
              <div className="guideline-text__content" dangerouslySetInnerHTML={{ __html: d.extern.content }} />
            ) : (
              <p className="muted">{t('history.externUnavailable')}</p>
            )
          ) : (
            <div className="guideline-text__content" dangerouslySetInnerHTML={{ __html: d.content }} />
          )}
        </section>
      ))}
      <Publications asOf={a} />
    </article>
  );
}

function Publications({ asOf: a }: { asOf: GuidelineAsOf }) {
  const { t, i18n } = useTranslation();
  const date = (iso?: string | null) => (iso ? formatDate(iso, i18n.language) : t('history.today'));
  const rows: [Publication, boolean][] = [...a.before.map((p): [Publication, boolean] => [p, false]), [a.inForce, true], ...a.after.map((p): [Publication, boolean] => [p, false])];
  return (
    <section className="asof__publications">
      <h2>{t('history.publications')}</h2>
      <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('history.facts.version')}</th>
              <th scope="col">{t('history.facts.shown')}</th>
              <th scope="col">{t('history.facts.validator')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([p, current]) => (
              <tr key={p.from} aria-current={current ? 'true' : undefined} className={current ? 'asof__current' : undefined}>
                <td>
                  <Link to={asOfPath(a.id, a.language, dayOf(p.from))}>
                    {p.version} · {t(`history.kinds.${p.kind}`)}
                  </Link>
                </td>
                <td>{t('history.interval', { from: date(p.from), until: date(p.until) })}</td>
                <td>{p.validator || '—'}</td>
              </tr>
            ))}
          </tbody>
      </table>
    </section>
  );
}
