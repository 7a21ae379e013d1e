import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '@/components/ErrorPage';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { errorStatus } from '@/lib/api';
import { currentSubdomain } from '@/lib/host';
import { LANGUAGE_NAMES, LANGUAGES } from '@/lib/language';
import { useDoc } from '../api/getDoc';
import { docRoute } from '../docRoute';
import '../content.css';

/** Public document page without the shell (spec §2 /doc/{first}/{second}): logo linking home, title and sections. */
export function DocPage({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const { token, lang } = docRoute(pathname);
  const doc = useDoc(token, lang);

  useEffect(() => {
    if (doc.data) document.title = `${doc.data.title} · Vademecum`;
  }, [doc.data]);

  if (doc.isError) {
    const status = errorStatus(doc.error);
    if (status === 404) return <NotFoundPage standalone />;
    return (
      <main className="standalone">
        <ErrorPage status={status} message={doc.error.message} />
      </main>
    );
  }
  return (
    <div className="doc-page">
      <header className="doc-page__header">
        <a href="/" className="doc-page__home" aria-label={t('doc.home')}>
          <img src={`/api/common/get/spaceLogo/64/${currentSubdomain()}`} alt="" width={64} height={64} />
        </a>
        <nav className="doc-page__langs" aria-label={t('doc.languages')}>
          {LANGUAGES.map((l) => (
            <a key={l} href={`/doc/${encodeURIComponent(token)}/${l}`} lang={l} aria-current={l === lang ? 'page' : undefined}>
              {LANGUAGE_NAMES[l]}
            </a>
          ))}
        </nav>
      </header>
      <main className="doc-page__main" lang={doc.data?.language}>
        {doc.isPending ? (
          <Loader />
        ) : (
          <article className="card doc-page__card">
            <h1 className="page__title">{doc.data.title}</h1>
            {doc.data.language !== lang && <p className="muted">{t('doc.fallback')}</p>}
            {doc.data.details.map((d, i) => (
              <section key={i} className="doc-page__section">
                {d.title && <h2>{d.title}</h2>}
                {/* sanitised by the server with the guideline allow-list */}
                <div dangerouslySetInnerHTML={{ __html: d.content }} />
              </section>
            ))}
          </article>
        )}
      </main>
    </div>
  );
}
