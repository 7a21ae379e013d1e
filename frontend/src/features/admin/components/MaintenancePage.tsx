import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { NotFoundPage } from '@/components/NotFoundPage';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { TabNav } from '@/components/TabNav';
import type { Option as SelectOption, Validated as ValidatedGuidelines } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDateTime } from '@/lib/dates';
import { useCopyGuidelines } from '../api/copyGuidelines';
import { useCopyCollections, useCopyData, useCopySpaces } from '../api/getCopyTargets';
import { isRunning, useMaintenanceTasks } from '../api/getMaintenanceTasks';
import { useStartReindex, type ReindexTarget } from '../api/startReindex';
import { useValidatedGuidelines } from '../api/validatedGuidelines';
import { parseGuidelineIds } from '../guidelineIds';

const TABS = ['copy', 'tasks'] as const;
type Tab = (typeof TABS)[number];
const isTab = (t: string): t is Tab => (TABS as readonly string[]).includes(t);

/** Maintenance of the super admin (/admin/maintenance/{tab?}): copy guidelines between spaces, and the background tasks. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const tab = useParams().tab ?? 'copy';
  if (!isTab(tab)) return <NotFoundPage />;
  return (
    <div className="page">
      <div className="page__header">
        <Link to="/admin" className="back-link">
          <Icon name="arrowLeft" size={16} />
          {t('nav.spaceAdministration')}
        </Link>
        <h1 className="page__title">{t('admin.maintenance.title')}</h1>
      </div>
      <TabNav
        label={t('admin.maintenance.tabs.label')}
        current={tab}
        tabs={TABS.map((key) => ({ key, to: `/admin/maintenance/${key}`, label: t(`admin.maintenance.tabs.${key}`) }))}
      />
      {tab === 'copy' ? <CopyGuidelines /> : <Tasks />}
    </div>
  );
}

function Select({ label, options, value, onChange, disabled, placeholder }: {
  label: string;
  options: readonly SelectOption[] | undefined;
  value: number | null;
  onChange: (v: number | null) => void;
  disabled?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select" value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        <option value="">{placeholder ?? t('common.selectOption')}</option>
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function CopyGuidelines() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const idsId = useId();
  const [idsText, setIdsText] = useState('');
  const [checked, setChecked] = useState<ValidatedGuidelines | null>(null);
  const [space, setSpace] = useState<number | null>(null);
  const [collection, setCollection] = useState<number | null>(null);
  const [author, setAuthor] = useState<number | null>(null);
  const [validator, setValidator] = useState<number | null>(null);
  const [idsError, setIdsError] = useState<string | null>(null);
  const spaces = useCopySpaces();
  const collections = useCopyCollections(space);
  const data = useCopyData(space, collection);
  const check = useValidatedGuidelines();
  const copy = useCopyGuidelines();

  const ids = parseGuidelineIds(idsText);
  const missing = (checked?.params.missing as number[] | undefined) ?? [];

  const handleCheck = () => {
    setChecked(null);
    if (ids === null || ids.length === 0) {
      setIdsError(t(ids === null ? 'admin.maintenance.invalidIds' : 'validation.required'));
      return;
    }
    setIdsError(null);
    check.mutate(ids, { onSuccess: setChecked });
  };

  const ready = checked !== null && checked.ids.length > 0 && missing.length === 0 && space !== null && collection !== null && author !== null;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || checked === null || space === null || collection === null || author === null) return;
    copy.mutate(
      { guidelineIds: checked.ids, space, collection, validator, author },
      { onSuccess: () => navigate('/admin/maintenance/tasks') },
    );
  };

  if (spaces.isError) return <QueryErrorPage error={spaces.error} />;

  return (
    <section className="card" aria-labelledby="copy-heading">
      <h2 id="copy-heading" className="card__title card__title--gap">
        {t('admin.maintenance.copyTitle')}
      </h2>
      <p className="card__hint">{t('admin.maintenance.copyHint')}</p>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={idsId}>
            {t('admin.maintenance.ids')}
          </label>
          <textarea
            id={idsId}
            className="textarea"
            rows={3}
            value={idsText}
            aria-invalid={idsError ? true : undefined}
            onChange={(e) => {
              setIdsText(e.target.value);
              setChecked(null);
            }}
          />
          {idsError ? (
            <p className="field__error" role="alert">
              {idsError}
            </p>
          ) : (
            <p className="field__hint">{t('admin.maintenance.idsHint')}</p>
          )}
        </div>
        <div className="form__actions form__actions--start">
          <button type="button" className="btn" onClick={handleCheck} disabled={check.isPending}>
            {t('admin.maintenance.check')}
          </button>
          {checked && (
            <p className={missing.length ? 'form-error' : 'maintenance-check'} role="status">
              {missing.length
                ? t('admin.maintenance.missing', { ids: missing.join(', ') })
                : t('admin.maintenance.found', { count: checked.ids.length })}
            </p>
          )}
          {check.isError && (
            <p className="form-error" role="alert">
              {apiErrorText(check.error, t)}
            </p>
          )}
        </div>
        <div className="form-grid">
          <Select
            label={t('admin.maintenance.space')}
            options={spaces.data}
            value={space}
            onChange={(v) => {
              setSpace(v);
              setCollection(null);
              setAuthor(null);
              setValidator(null);
            }}
          />
          <Select
            label={t('admin.maintenance.collection')}
            options={collections.data}
            value={collection}
            disabled={space === null}
            onChange={(v) => {
              setCollection(v);
              setAuthor(null);
              setValidator(null);
            }}
          />
          <Select label={t('admin.maintenance.author')} options={data.data?.authors} value={author} disabled={collection === null} onChange={setAuthor} />
          <Select
            label={t('admin.maintenance.validator')}
            options={data.data?.validators}
            value={validator}
            disabled={collection === null}
            placeholder={t('admin.maintenance.noValidator')}
            onChange={setValidator}
          />
        </div>
        {collection !== null && data.data?.authors.length === 0 && <p className="form-error">{t('admin.maintenance.noAuthors')}</p>}
        {copy.isError && (
          <p className="form-error" role="alert">
            {apiErrorText(copy.error, t)}
          </p>
        )}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={!ready || copy.isPending}>
            {t('admin.maintenance.copy')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Rebuilds the search indexes from the source of truth, e.g. after a restore or a change of search backend. */
function Reindex() {
  const { t } = useTranslation();
  const reindex = useStartReindex();
  const start = (target: ReindexTarget) => reindex.mutate(target);
  return (
    <section className="card" aria-labelledby="reindex-heading">
      <h2 id="reindex-heading" className="card__title card__title--gap">
        {t('admin.maintenance.reindexTitle')}
      </h2>
      <p className="muted">{t('admin.maintenance.reindexHint')}</p>
      {reindex.isError && (
        <p role="alert" className="form-error">
          {apiErrorText(reindex.error, t)}
        </p>
      )}
      <div className="form__actions form__actions--start">
        <button type="button" className="btn" disabled={reindex.isPending} onClick={() => start('Guidelines')}>
          {t('admin.maintenance.reindexGuidelines')}
        </button>
        <button type="button" className="btn" disabled={reindex.isPending} onClick={() => start('Users')}>
          {t('admin.maintenance.reindexUsers')}
        </button>
      </div>
    </section>
  );
}

function Tasks() {
  const { t, i18n } = useTranslation();
  const tasks = useMaintenanceTasks();
  // reindex tasks have fixed names with texts; copies are named by what they copy
  const taskName = (name: string) => t(`admin.maintenance.taskNames.${name}`, { defaultValue: name });
  if (tasks.isError) return <QueryErrorPage error={tasks.error} />;
  return (
    <>
    <Reindex />
    <section className="card" aria-labelledby="tasks-heading">
      <h2 id="tasks-heading" className="card__title card__title--gap">
        {t('admin.maintenance.tabs.tasks')}
      </h2>
      {tasks.isPending ? (
        <Loader />
      ) : tasks.data.length === 0 ? (
        <div className="empty-state">
          <Icon name="search" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
        </div>
      ) : (
        <ul className="maintenance-tasks">
          {tasks.data.map((task) => (
            <li key={task.id} className="maintenance-task" data-failed={task.failed}>
              <div className="maintenance-task__head">
                <span className="maintenance-task__name">{taskName(task.name)}</span>
                <span className={task.failed ? 'chip chip--danger' : isRunning(task) ? 'chip chip--muted' : 'chip'}>
                  {t(task.failed ? 'admin.maintenance.failed' : isRunning(task) ? 'admin.maintenance.running' : 'admin.maintenance.done')}
                </span>
              </div>
              <progress className="maintenance-task__bar" max={100} value={task.progress} aria-label={t('admin.maintenance.progress', { name: taskName(task.name) })}>
                {task.progress}%
              </progress>
              <div className="maintenance-task__meta">
                <span>{task.progress}%</span>
                <span>{t('admin.maintenance.started', { time: formatDateTime(task.started, i18n.language) })}</span>
                {task.message && <span className="maintenance-task__message">{task.message}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
    </>
  );
}
