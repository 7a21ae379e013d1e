import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApprovalProgress } from '@/components/ApprovalProgress';
import { GuidelineText } from '@/components/GuidelineText';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { LanguageBadge } from '@/components/StateChips';
import { VersionDiffView } from '@/components/VersionDiffView';
import type { RequestData } from '@/lib/api-types.gen';
import { formatDateTime } from '@/lib/dates';
import { useGuideline } from '@/lib/endpoints/getGuideline';
import { useProfile } from '@/lib/endpoints/getProfile';
import { isLanguage } from '@/lib/language';
import { useValidationRequest } from '../api/getValidationRequest';
import { seenRevision, useUpdateValidationSeen } from '../api/updateValidationSeen';
import { isNoAccess, validationErrorText } from '../errors';
import { AcceptDialog, RejectDialog } from './AnswerDialogs';

/** Page shown when the request cannot be answered here (spec §8). */
function NoAccess({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <section className="status-page" aria-labelledby="status-title">
      <div className="status-page__icon">
        <Icon name="info" size={40} />
      </div>
      <h1 id="status-title" className="status-page__title">
        {message}
      </h1>
      <Link to="/validations" className="btn btn--primary">
        <Icon name="arrowLeft" size={18} />
        {t('nav.myValidations')}
      </Link>
    </section>
  );
}

/** What the validator compares: the requested version against the published one, or the full text of a first publication or renewal. */
function Changes({ request }: { request: RequestData }) {
  const { t } = useTranslation();
  const published = request.publishedVersion ?? null;
  const compare = published !== null && published !== request.guidelineVersion;
  const after = useGuideline(request.guidelineId, request.guidelineVersion);
  const before = useGuideline(request.guidelineId, compare ? published : null);

  let body;
  if (after.isError) body = <QueryErrorPage error={after.error} />;
  else if (before.isError) body = <QueryErrorPage error={before.error} />;
  else if (!after.data || (compare && !before.data)) body = <Loader />;
  else if (compare && before.data)
    body = (
      <VersionDiffView
        before={before.data}
        after={after.data}
        beforeLabel={t('validations.publishedVersion', { version: published })}
        afterLabel={t('validations.requestedVersion', { version: request.guidelineVersion })}
      />
    );
  else body = <GuidelineText version={after.data} />;

  return (
    <section className="card" aria-labelledby="changes-heading">
      <h2 id="changes-heading" className="card__title">
        {compare ? t('validations.changes') : t('validations.fullText')}
      </h2>
      <p className="card__text">
        {compare
          ? t('validations.changesText', { published, version: request.guidelineVersion })
          : published === null
            ? t('validations.firstPublication', { version: request.guidelineVersion })
            : t('validations.unchanged', { version: request.guidelineVersion })}
      </p>
      {body}
    </section>
  );
}

function Result({ request }: { request: RequestData }) {
  const { t, i18n } = useTranslation();
  const tone = request.progress === 'accepted' ? 'success' : request.progress === 'rejected' ? 'danger' : 'muted';
  return (
    <div className={`notice notice--${tone}`} role="status" data-progress={request.progress}>
      <Icon name={request.progress === 'accepted' ? 'checkCircle' : request.progress === 'rejected' ? 'xCircle' : 'info'} size={22} />
      <div>
        <p className="notice__title">
          {t(`validations.result.${request.progress}`, { defaultValue: t('validations.result.closed') })}
          {request.timestampCompleted && <> · {formatDateTime(request.timestampCompleted, i18n.language)}</>}
        </p>
        {request.validatorComment && <blockquote className="notice__quote">{request.validatorComment}</blockquote>}
      </div>
    </div>
  );
}

/** Validation page (/validations/{guidelineId}/{language}): the request, what changed, and accept or reject. */
export function ValidationPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const guidelineId = Number(params.guidelineId);
  const language = params.language ?? '';
  const valid = /^\d+$/.test(params.guidelineId ?? '') && isLanguage(language);
  const request = useValidationRequest(guidelineId, language, valid);
  const seen = useUpdateValidationSeen();
  const me = useProfile().data?.id;
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
  const markedRead = useRef<number | null>(null);
  const r = request.data;
  const open = !!r && !r.timestampCompleted;
  // A validator who approved waits for the others; they may still reject (a rejection by anyone closes the request).
  const approved = open && me !== undefined && r.approvals.some((a) => a.validatorId === me);

  // Opening a request marks it read for the caller (once per revision).
  useEffect(() => {
    if (!r || r.read || !open || markedRead.current === r.revision) return;
    markedRead.current = r.revision;
    seen.mutate({ revisions: [seenRevision(r)], read: true });
  }, [r, open, seen]);

  if (!valid) return <NotFoundPage />;
  if (request.isError) {
    return isNoAccess(request.error) ? <NoAccess message={validationErrorText(request.error, t) ?? ''} /> : <QueryErrorPage error={request.error} />;
  }
  if (!r) return <Loader />;

  return (
    <div className="page">
      <div className="page__header">
        <Link to="/validations" className="back-link">
          <Icon name="arrowLeft" size={16} />
          {t('nav.myValidations')}
        </Link>
        <div className="gl-head">
          <div className="gl-head__text">
            <h1 className="page__title gl-head__title">{r.guidelineTitle}</h1>
            <p className="gl-head__meta">
              <LanguageBadge language={r.language} />
              <span>{r.collectionTitle}</span>
              <span>{t('validations.requestedAt', { date: formatDateTime(r.timestampCreated, i18n.language) })}</span>
              <span className={r.kind === 'renew' ? 'state-chip' : 'state-chip state-chip--info'}>{t(`validations.kind.${r.kind}`, { defaultValue: r.kind })}</span>
            </p>
          </div>
          {open && (
            <div className="gl-actions">
              {approved && (
                <p className="gl-actions__status" role="status" data-testid="you-approved">
                  <Icon name="checkCircle" size={18} />
                  <span>
                    {r.requiredApprovals - r.approvals.length === 1
                      ? t('validations.approvals.youApprovedOne')
                      : t('validations.approvals.youApproved', { n: r.requiredApprovals - r.approvals.length })}
                    <span className="field__hint"> {t('validations.approvals.mayStillReject')}</span>
                  </span>
                </p>
              )}
              <button type="button" className="btn btn--danger-outline" onClick={() => setDialog('reject')}>
                <Icon name="xCircle" size={18} />
                {t('validations.reject.button')}
              </button>
              {!approved && (
                <button type="button" className="btn btn--primary" onClick={() => setDialog('accept')}>
                  <Icon name="checkCircle" size={18} />
                  {t('validations.accept.button')}
                </button>
              )}
            </div>
          )}
        </div>
      </div>
      {!open && <Result request={r} />}
      {open && r.expiringSoon && (
        <p className="notice notice--warning" role="status">
          <Icon name="clock" size={20} />
          {t('validations.expiringSoon')}
        </p>
      )}
      <section className="card" aria-labelledby="request-heading">
        <h2 id="request-heading" className="card__title card__title--gap">
          {r.kind === 'renew' ? t('validations.renewRequest') : t('validations.request')}
        </h2>
        {r.kind === 'renew' ? (
          <p>{r.comment || t('validations.noComment')}</p>
        ) : (
          <dl className="request-summary">
            <dt>{t('change.title')}</dt>
            <dd>{r.title || '–'}</dd>
            <dt>{t('change.description')}</dt>
            <dd className="pre-line">{r.description || '–'}</dd>
            <dt>{t('change.important')}</dt>
            <dd>{r.important ? <span className="state-chip state-chip--warning">{t('validations.importantYes')}</span> : t('validations.importantNo')}</dd>
          </dl>
        )}
        <ApprovalProgress approvals={r.approvals} requiredApprovals={r.requiredApprovals} />
      </section>
      <Changes request={r} />
      <AcceptDialog open={dialog === 'accept'} onOpenChange={(o) => setDialog(o ? 'accept' : null)} request={r} />
      <RejectDialog open={dialog === 'reject'} onOpenChange={(o) => setDialog(o ? 'reject' : null)} request={r} />
    </div>
  );
}
