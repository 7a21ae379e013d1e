import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Version as GuidelineVersion } from '../lib/api-types.gen';
import { diffVersions, sideParts, type DiffPart, type SectionDiff, type TextDiff } from '../lib/diff';

interface VersionDiffViewProps {
  before: GuidelineVersion;
  after: GuidelineVersion;
  /** column headings, e.g. "Version 3 (published)" */
  beforeLabel: string;
  afterLabel: string;
}

/** One side of a text: removed words struck through in red on the old side, added words green on the new side. */
function Side({ diff, side }: { diff: TextDiff; side: 'old' | 'new' }) {
  const parts = sideParts(diff, side);
  if (parts.length === 0) return <span className="diff__empty">–</span>;
  return (
    <>
      {parts.map((p: DiffPart, i) =>
        p.kind === 'removed' ? (
          <del key={i} className="diff__removed">
            {p.value}
          </del>
        ) : p.kind === 'added' ? (
          <ins key={i} className="diff__added">
            {p.value}
          </ins>
        ) : (
          <span key={i}>{p.value}</span>
        ),
      )}
    </>
  );
}

function Row({ label, diff, status, beforeLabel, afterLabel }: { label: string; diff: TextDiff; status?: string; beforeLabel: string; afterLabel: string }) {
  // the same on both sides: shown once across the two columns
  if (!diff.changed) {
    return (
      <div className={`diff__row diff__row--same${status ? ` diff__row--${status}` : ''}`}>
        <div className="diff__cell">
          <span className="visually-hidden">{label}: </span>
          <Side diff={diff} side="new" />
        </div>
      </div>
    );
  }
  return (
    <div className={`diff__row${status ? ` diff__row--${status}` : ''}`}>
      <div className="diff__cell diff__cell--old">
        <span className="diff__side-label">{beforeLabel}</span>
        <span className="visually-hidden">{label}: </span>
        <Side diff={diff} side="old" />
      </div>
      <div className="diff__cell diff__cell--new">
        <span className="diff__side-label">{afterLabel}</span>
        <span className="visually-hidden">{label}: </span>
        <Side diff={diff} side="new" />
      </div>
    </div>
  );
}

function SectionBlock({ section, beforeLabel, afterLabel }: { section: SectionDiff; beforeLabel: string; afterLabel: string }) {
  const { t } = useTranslation();
  return (
    <section className={`diff__section diff__section--${section.status}`} data-status={section.status} aria-label={t(`diff.status.${section.status}`)}>
      <div className="diff__section-head">
        <span className={`diff__status diff__status--${section.status}`}>{t(`diff.status.${section.status}`)}</span>
      </div>
      <Row label={t('diff.sectionTitle')} diff={section.title} beforeLabel={beforeLabel} afterLabel={afterLabel} status="title" />
      <Row label={t('diff.sectionText')} diff={section.text} beforeLabel={beforeLabel} afterLabel={afterLabel} />
    </section>
  );
}

/**
 * Side-by-side comparison of two versions of a language (old left, new right; stacked on
 * narrow screens). Unchanged sections are folded away unless asked for.
 */
export function VersionDiffView({ before, after, beforeLabel, afterLabel }: VersionDiffViewProps) {
  const { t } = useTranslation();
  const toggleId = useId();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const diff = useMemo(() => diffVersions(before, after), [before, after]);
  const unchanged = diff.sections.length - diff.changedSections;
  const nothingChanged = diff.changedSections === 0 && !diff.title.changed && !diff.description.changed && !diff.tags.changed;

  return (
    <div className="diff" data-testid="version-diff">
      <div className="diff__toolbar">
        <p className="diff__summary" role="status">
          {nothingChanged ? t('diff.noChanges') : t('diff.summary', { n: diff.changedSections })}
        </p>
        <p className="diff__legend" aria-hidden="true">
          <del className="diff__removed">{t('diff.legendRemoved')}</del>
          <ins className="diff__added">{t('diff.legendAdded')}</ins>
        </p>
      </div>
      <div className="diff__columns" aria-hidden="true">
        <span>{beforeLabel}</span>
        <span>{afterLabel}</span>
      </div>
      <div className="diff__meta">
        <Row label={t('diff.title')} diff={diff.title} beforeLabel={beforeLabel} afterLabel={afterLabel} status="title" />
        {diff.description.changed && <Row label={t('diff.description')} diff={diff.description} beforeLabel={beforeLabel} afterLabel={afterLabel} />}
        {diff.tags.changed && <Row label={t('diff.tags')} diff={diff.tags} beforeLabel={beforeLabel} afterLabel={afterLabel} />}
      </div>
      {diff.sections
        .filter((s) => showUnchanged || s.status !== 'unchanged')
        .map((s) => (
          <SectionBlock key={`${s.status}-${s.id}`} section={s} beforeLabel={beforeLabel} afterLabel={afterLabel} />
        ))}
      {unchanged > 0 && (
        <label className="diff__toggle" htmlFor={toggleId}>
          <input id={toggleId} type="checkbox" className="checkbox" checked={showUnchanged} onChange={(e) => setShowUnchanged(e.target.checked)} />
          {t('diff.showUnchanged', { n: unchanged })}
        </label>
      )}
    </div>
  );
}
