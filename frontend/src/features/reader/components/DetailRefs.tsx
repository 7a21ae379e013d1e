import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDetailRefs } from '../api/getDetailRefs';
import { readerPath } from '../route';
import { ReaderIcon } from './ReaderIcon';

/** The guidelines whose sections point at this section, asked for on demand. */
export function DetailRefs({ detailId }: { detailId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const refs = useDetailRefs(detailId, open);
  if (!open) {
    return (
      <button type="button" className="btn btn--ghost btn--small reader-refs__toggle" onClick={() => setOpen(true)}>
        <ReaderIcon name="link" size={16} />
        {t('reader.refs.show')}
      </button>
    );
  }
  if (refs.isPending) return <p className="muted">{t('reader.loading')}</p>;
  if (refs.isError || refs.data.length === 0) return <p className="muted">{t('reader.refs.none')}</p>;
  return (
    <div className="reader-refs">
      <p className="reader-refs__title">{t('reader.refs.title')}</p>
      <ul>
        {refs.data.map((r) => (
          <li key={`${r.guidelineId}-${r.language}-${r.detailId}`}>
            <Link to={readerPath(r.guidelineId, r.language, r.detailId)}>{r.title}</Link> <span className="muted">({r.language.toUpperCase()})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
