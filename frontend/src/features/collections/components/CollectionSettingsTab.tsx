import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/TextField';
import { VisibilityField } from '@/components/VisibilityField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import type { Collection, Visibility } from '@/lib/types';
import { useUpdateCollection } from '../api/updateCollection';

export const TITLE_MAX = 200;

export function CollectionSettingsTab({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(collection.title);
  const [visibility, setVisibility] = useState<Visibility | ''>(collection.visibility);
  const [errors, setErrors] = useState<{ title?: string; visibility?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateCollection(collection.id);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found: { title?: string; visibility?: string } = {};
    if (!title.trim()) found.title = t('validation.required');
    if (!visibility) found.visibility = t('validation.required');
    setErrors(found);
    if (found.title || found.visibility || !visibility) return;
    update.mutate(
      { title: title.trim(), visibility },
      {
        onSuccess: (saved) => showSnackbar(t('collections.saved', { title: saved.title })),
        onError: (err) => {
          const field = err instanceof ApiError && typeof err.params.field === 'string' ? err.params.field.split('.').pop() : undefined;
          const message = apiErrorText(err, t);
          if (field === 'title' || field === 'visibility') setErrors({ [field]: message ?? '' });
          else setFormError(message);
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="collection-settings-heading">
      <h2 id="collection-settings-heading" className="card__title card__title--gap">
        {t('collections.tabs.settings')}
      </h2>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('collections.fields.title')}
          name="title"
          value={title}
          maxLength={TITLE_MAX}
          error={errors.title}
          onChange={(e) => {
            setTitle(e.target.value);
            setErrors((x) => ({ ...x, title: undefined }));
          }}
        />
        <VisibilityField
          value={visibility}
          error={errors.visibility}
          onChange={(v) => {
            setVisibility(v);
            setErrors((x) => ({ ...x, visibility: undefined }));
          }}
        />
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={update.isPending}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
