import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SwitchField } from '@/components/SwitchField';
import { TextAreaField, TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { useProfile } from '@/lib/endpoints/getProfile';
import { logout } from '@/lib/endpoints/logout';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@/lib/language';
import { showSnackbar } from '@/lib/snackbar';
import { applyThemeMode } from '@/lib/theme';
import type { Profile } from '@/lib/types';
import { useLanguageSwitch } from '@/lib/useLanguageSwitch';
import { useDeleteUser } from '../api/deleteUser';
import { ChangeEmailSection } from './ChangeEmailSection';
import { useUpdateUser, type UserUpdate } from '../api/updateUser';
import { SecondFactorNotice } from './SecondFactorNotice';
import { SecuritySection } from './SecuritySection';

function toForm(p: Profile): UserUpdate {
  return {
    firstname: p.firstname,
    lastname: p.lastname,
    title: p.title,
    about: p.about,
    weeklyReminder: p.weeklyReminder,
    preferCollapsed: p.preferCollapsed,
    darkMode: p.darkMode,
  };
}

export function ProfilePage() {
  const { data: profile } = useProfile();
  if (!profile) return null;
  return <ProfileForm key={profile.id} profile={profile} />;
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<UserUpdate>(() => toForm(profile));
  const [language, setLanguageValue] = useState<Language>(() =>
    isLanguage(profile.language) ? profile.language : isLanguage(i18n.language) ? i18n.language : 'de',
  );
  const [confirmOpen, setConfirmOpen] = useState(false);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const switchLanguage = useLanguageSwitch();

  const set = <K extends keyof UserUpdate>(key: K, value: UserUpdate[K]) => setForm((f) => ({ ...f, [key]: value }));

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(form, {
      onSuccess: (saved) => {
        applyThemeMode(saved.darkMode ? 'dark' : 'light');
        if (language !== profile.language) switchLanguage(language);
        showSnackbar(t('profile.saved'));
      },
      onError: (error) => showSnackbar(t(error.message, { defaultValue: t('error.somethingWrong') }), { type: 'error' }),
    });
  };

  const handleDelete = () => {
    remove.mutate(null, {
      // the server ended the sessions with the account; the cookie goes too
      onSuccess: () => void logout().then(() => window.location.assign('/')),
    });
  };

  const deleteError =
    remove.error instanceof ApiError
      ? remove.error.message === 'user.hasPublishedGuidelines'
        ? t('user.hasPublishedGuidelines')
        : t('error.somethingWrong')
      : null;

  return (
    <div className="page page--narrow">
      <div className="page__header">
        <h1 className="page__title">{t('profile.title')}</h1>
        <p className="page__subtitle">{profile.username}</p>
      </div>

      <SecondFactorNotice />

      <form className="card form" onSubmit={handleSubmit}>
        <h2 className="card__title">{t('profile.personal')}</h2>
        <div className="form-grid">
          <TextField label={t('profile.firstname')} name="firstname" value={form.firstname} maxLength={100} onChange={(e) => set('firstname', e.target.value)} />
          <TextField label={t('profile.lastname')} name="lastname" value={form.lastname} maxLength={100} onChange={(e) => set('lastname', e.target.value)} />
        </div>
        <TextField label={t('profile.academicTitle')} name="title" value={form.title} maxLength={100} onChange={(e) => set('title', e.target.value)} />
        <TextAreaField label={t('profile.about')} name="about" value={form.about} maxLength={2000} onChange={(e) => set('about', e.target.value)} />

        <h2 className="card__title card__title--spaced">{t('profile.settings')}</h2>
        <div className="field">
          <label className="field__label" htmlFor="profile-language">
            {t('profile.language')}
          </label>
          <select
            id="profile-language"
            className="select"
            value={language}
            onChange={(e) => {
              if (isLanguage(e.target.value)) setLanguageValue(e.target.value);
            }}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        <div className="switch-list">
          <SwitchField label={t('profile.weeklyReminder')} description={t('profile.weeklyReminderHint')} checked={form.weeklyReminder} onCheckedChange={(v) => set('weeklyReminder', v)} />
          <SwitchField label={t('profile.preferCollapsed')} description={t('profile.preferCollapsedHint')} checked={form.preferCollapsed} onCheckedChange={(v) => set('preferCollapsed', v)} />
          <SwitchField label={t('profile.darkMode')} checked={form.darkMode} onCheckedChange={(v) => set('darkMode', v)} />
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={update.isPending}>
            {t('common.save')}
          </button>
        </div>
      </form>

      <ChangeEmailSection current={profile.username} />

      <SecuritySection account={profile.username} />

      <section className="card card--danger">
        <h2 className="card__title">{t('profile.deleteTitle')}</h2>
        <p className="card__text">{t('profile.deleteText')}</p>
        <button type="button" className="btn btn--danger-outline" onClick={() => setConfirmOpen(true)}>
          {t('profile.deleteButton')}
        </button>
      </section>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={(open) => {
          setConfirmOpen(open);
          if (!open) remove.reset();
        }}
        title={t('profile.deleteConfirmTitle')}
        description={t('profile.deleteConfirmText')}
        confirmLabel={t('profile.deleteButton')}
        onConfirm={handleDelete}
        pending={remove.isPending}
        error={deleteError}
      />
    </div>
  );
}
