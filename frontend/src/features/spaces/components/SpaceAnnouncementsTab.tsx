import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { TextAreaField, TextField } from '@/components/TextField';
import type { ManagedAnnouncement } from '@/lib/api-types.gen';
import { apiErrorText } from '@/lib/apiErrors';
import { formatDate } from '@/lib/dates';
import { LANGUAGE_NAMES, LANGUAGES } from '@/lib/language';
import { showSnackbar } from '@/lib/snackbar';
import { useDeleteAnnouncement } from '../api/deleteAnnouncement';
import { useSpaceAnnouncements } from '../api/getSpaceAnnouncements';
import { useSaveAnnouncement } from '../api/saveAnnouncement';
import { draftErrors, toDraft, toInput, type AnnouncementDraft, type DraftErrors } from '../announcementForm';

const TEASER_MAX = 300;

/** The space's announcements on its welcome page: teaser and content per language, shown between optional dates. */
export function SpaceAnnouncementsTab({ spaceId }: { spaceId: number }) {
  const { t, i18n } = useTranslation();
  const list = useSpaceAnnouncements(spaceId);
  const [editing, setEditing] = useState<ManagedAnnouncement | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ManagedAnnouncement | null>(null);
  const remove = useDeleteAnnouncement(spaceId);

  if (list.isError) return <QueryErrorPage error={list.error} />;
  const open = (a: ManagedAnnouncement | null) => {
    setEditing(a);
    setFormOpen(true);
  };
  const teaser = (a: ManagedAnnouncement) => (a.texts.find((x) => x.language === i18n.language) ?? a.texts[0])?.teaser ?? '';
  const period = (a: ManagedAnnouncement) =>
    t('spaces.announcements.period', {
      from: a.startDate ? formatDate(a.startDate, i18n.language) : '…',
      until: a.endDate ? formatDate(a.endDate, i18n.language) : '…',
    });

  return (
    <section className="card" aria-labelledby="announcements-heading">
      <div className="card__toolbar">
        <h2 id="announcements-heading" className="card__title">
          {t('spaces.announcements.title')}
        </h2>
        <button type="button" className="btn btn--primary" onClick={() => open(null)}>
          <Icon name="plus" size={18} />
          {t('spaces.announcements.add')}
        </button>
      </div>
      <p className="card__text">{t('spaces.announcements.text')}</p>
      {list.isPending ? (
        <Loader />
      ) : list.data.length === 0 ? (
        <div className="empty-state">
          <Icon name="info" size={28} />
          <p className="empty-state__title">{t('common.noItems')}</p>
        </div>
      ) : (
        <ul className="link-rows">
          {list.data.map((a) => (
            <li key={a.id} className="link-row">
              <div className="link-row__text">
                <span className="link-row__title">{teaser(a)}</span>
                <span className="muted">
                  {period(a)} · {a.texts.map((x) => x.language.toUpperCase()).join(' · ')}
                </span>
              </div>
              <button type="button" className="icon-btn" aria-label={`${t('common.edit')} ${teaser(a)}`} onClick={() => open(a)}>
                <Icon name="edit" size={18} />
              </button>
              <button type="button" className="icon-btn icon-btn--danger" aria-label={`${t('common.delete')} ${teaser(a)}`} onClick={() => setDeleting(a)}>
                <Icon name="trash" size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormDialog open={formOpen} onOpenChange={setFormOpen} title={editing ? t('spaces.announcements.edit') : t('spaces.announcements.add')} wide>
        <AnnouncementForm spaceId={spaceId} announcement={editing} onDone={() => setFormOpen(false)} />
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => {
          if (!o) setDeleting(null);
        }}
        title={t('spaces.announcements.deleteTitle')}
        description={deleting ? teaser(deleting) : ''}
        confirmLabel={t('common.delete')}
        pending={remove.isPending}
        error={apiErrorText(remove.error, t)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showSnackbar(t('spaces.announcements.deleted'));
              setDeleting(null);
            },
          });
        }}
      />
    </section>
  );
}

function AnnouncementForm({ spaceId, announcement, onDone }: { spaceId: number; announcement: ManagedAnnouncement | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AnnouncementDraft>(() => toDraft(announcement));
  const [errors, setErrors] = useState<DraftErrors>({});
  const save = useSaveAnnouncement(spaceId);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = draftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(toInput(draft), {
      onSuccess: () => {
        showSnackbar(t('spaces.announcements.saved'));
        onDone();
      },
    });
  };
  const setText = (lang: (typeof LANGUAGES)[number], field: 'teaser' | 'content', value: string) =>
    setDraft((d) => ({ ...d, texts: { ...d.texts, [lang]: { ...d.texts[lang], [field]: value } } }));
  const error = (key: keyof DraftErrors) => (errors[key] ? t(errors[key]) : null);

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <div className="form-grid">
        <TextField label={t('spaces.announcements.startDate')} type="date" value={draft.startDate} onChange={(e) => setDraft({ ...draft, startDate: e.target.value })} error={error('startDate')} />
        <TextField label={t('spaces.announcements.endDate')} type="date" value={draft.endDate} onChange={(e) => setDraft({ ...draft, endDate: e.target.value })} error={error('endDate')} />
      </div>
      {LANGUAGES.map((l) => (
        <fieldset key={l} className="fieldset" lang={l}>
          <legend>
            {LANGUAGE_NAMES[l]}
            {l !== 'de' && <span className="muted"> · {t('spaces.announcements.optional')}</span>}
          </legend>
          <TextField
            label={t('spaces.announcements.teaser')}
            value={draft.texts[l].teaser}
            maxLength={TEASER_MAX}
            onChange={(e) => setText(l, 'teaser', e.target.value)}
            error={error(`teaser.${l}`)}
          />
          <TextAreaField
            label={t('spaces.announcements.content')}
            hint={t('spaces.announcements.contentHint')}
            value={draft.texts[l].content}
            onChange={(e) => setText(l, 'content', e.target.value)}
          />
        </fieldset>
      ))}
      {save.error && (
        <p className="form-error" role="alert">
          {apiErrorText(save.error, t)}
        </p>
      )}
      <div className="form__actions">
        <DialogCancel />
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
