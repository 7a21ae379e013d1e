import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { LanguageBadge } from '@/components/StateChips';
import type { Report as AcknowledgementReport, AcknowledgementsLanguageRequest as AcknowledgementsRequest } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDateTime } from '@/lib/dates';
import { showSnackbar } from '@/lib/snackbar';
import { useAcknowledgements } from '../api/getAcknowledgements';
import { useRemindAcknowledgement } from '../api/remindAcknowledgement';
import { useRequireAcknowledgement } from '../api/requireAcknowledgement';
import { reportCsv } from '../csv';
import { chosenBody, RequirementEditor } from './RequirementEditor';
import '../acknowledgements.css';

/** The guideline's requirement; one its collection sets for all its guidelines is said so, and a setting of its own comes first. */
function RequirementCard({ guideline, report }: { guideline: number; report: AcknowledgementReport }) {
  const { t } = useTranslation();
  const require = useRequireAcknowledgement();
  const { requirement } = report;
  const note = requirement.fromCollection ? (
    <p className="ack-from-collection" data-testid="ack-from-collection">
      <Icon name="info" size={16} />
      <span>
        {t('acknowledgements.fromCollection')} <Link to={`/collections/${report.collection}/settings`}>{t('acknowledgements.openCollection')}</Link>
      </span>
    </p>
  ) : undefined;

  return (
    <section className="card" aria-labelledby="ack-requirement">
      <h2 id="ack-requirement" className="card__title">
        {t('acknowledgements.requirement')}
      </h2>
      <RequirementEditor
        key={String(requirement.fromCollection)}
        required={requirement.required}
        everyone={requirement.everyone}
        members={requirement.members}
        roles={requirement.roles}
        names={new Map(report.people.map((p) => [p.userId, p.name || p.email]))}
        switchLabel={t('acknowledgements.requireSwitch')}
        note={note}
        onSave={(required, chosen) => require.mutate({ guideline, ...chosenBody(required, chosen) })}
      />
      {require.isError && (
        <p className="field__error" role="alert">
          {apiErrorText(require.error, t)}
        </p>
      )}
    </section>
  );
}

/** Read confirmations of a guideline language (/acknowledgements/:id/:lang), for the administrators of its collection. */
export function AcknowledgementReportPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const req: AcknowledgementsRequest = { guideline: Number(params.id), language: params.lang ?? 'de' };
  const report = useAcknowledgements(req);
  const remind = useRemindAcknowledgement(req);
  const [confirm, setConfirm] = useState(false);
  if (report.isError) return <QueryErrorPage error={report.error} />;
  if (report.isPending) return <Loader />;
  const r = report.data;

  const handleExport = () => {
    const csv = reportCsv(r.people, [t('acknowledgements.csv.name'), t('acknowledgements.csv.email'), t('acknowledgements.csv.version'),
      t('acknowledgements.csv.at'), t('acknowledgements.csv.done')]);
    const url = URL.createObjectURL(new Blob(['\uFEFF' + csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `acknowledgements-${req.guideline}-${req.language}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const handleRemind = () =>
    remind.mutate(undefined, {
      onSuccess: (res) => {
        setConfirm(false);
        showSnackbar(t('acknowledgements.reminded', { reminded: res.reminded, skipped: res.skipped }));
      },
    });

  return (
    <div className="page">
      <div className="page__header">
        <h1 className="page__title">
          {t('acknowledgements.title')} <LanguageBadge language={req.language} />
        </h1>
        <p className="page__subtitle">
          <Link to={`/guideline/${req.guideline}/${req.language}`}>{r.title || t('notifications.untitled')}</Link>
          {r.version > 0 && <> · {t('acknowledgements.version', { n: r.version })}</>}
        </p>
      </div>
      <RequirementCard guideline={req.guideline} report={r} />
      <section className="card" aria-labelledby="ack-report">
        <div className="card__toolbar">
          <h2 id="ack-report" className="card__title">
            {t('acknowledgements.report')}
          </h2>
          <div className="ack-counts">
            <span className="chip chip--success" data-testid="ack-done">
              {t('acknowledgements.done', { n: r.done })}
            </span>
            <span className="chip chip--warning" data-testid="ack-missing">
              {t('acknowledgements.missing', { n: r.missing })}
            </span>
          </div>
          <button type="button" className="btn btn--ghost btn--small" onClick={handleExport} disabled={r.people.length === 0}>
            <Icon name="download" size={16} />
            {t('acknowledgements.export')}
          </button>
          <button type="button" className="btn btn--primary btn--small" onClick={() => setConfirm(true)} disabled={r.missing === 0 || r.version === 0}>
            <Icon name="bell" size={16} />
            {t('acknowledgements.remind')}
          </button>
        </div>
        {r.people.length === 0 ? (
          <p className="empty-state__title">{t('acknowledgements.nobody')}</p>
        ) : (
          <table className="ack-table">
            <thead>
              <tr>
                <th scope="col">{t('acknowledgements.csv.name')}</th>
                <th scope="col">{t('acknowledgements.csv.email')}</th>
                <th scope="col">{t('acknowledgements.csv.version')}</th>
                <th scope="col">{t('acknowledgements.csv.at')}</th>
              </tr>
            </thead>
            <tbody>
              {r.people.map((p) => (
                <tr key={p.userId} className={p.done ? 'ack-table__done' : 'ack-table__missing'}>
                  <td>{p.name || p.email}</td>
                  <td>{p.email}</td>
                  <td>
                    {p.acknowledgedVersion ?? t('acknowledgements.none')}
                    {!p.done && <span className="visually-hidden"> ({t('acknowledgements.missingOne')})</span>}
                  </td>
                  <td>{p.acknowledgedAt ? formatDateTime(p.acknowledgedAt, i18n.language) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t('acknowledgements.remindTitle')}
        description={t('acknowledgements.remindText', { n: r.missing })}
        confirmLabel={t('acknowledgements.remind')}
        onConfirm={handleRemind}
        pending={remind.isPending}
        error={remind.isError ? apiErrorText(remind.error, t) : null}
      />
    </div>
  );
}
