import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '@/components/SwitchField';
import { TextField } from '@/components/TextField';
import { VisibilityField } from '@/components/VisibilityField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { showSnackbar } from '@/lib/snackbar';
import type { Collection, Visibility } from '@/lib/types';
import { useUpdateCollection } from '../api/updateCollection';

export const TITLE_MAX = 200;
/** Bounds of the validation rules (services/collections). */
export const MAX_APPROVALS = 3;
export const MAX_ESCALATE_DAYS = 365;
export const MAX_GRACE_DAYS = 365;

type FieldErrors = { title?: string; visibility?: string; minApprovals?: string; escalateAfterDays?: string; translationGraceDays?: string };

/** A whole number within [min, max], or null. */
const wholeIn = (text: string, min: number, max: number): number | null => {
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && n >= min && n <= max ? n : null;
};

export function CollectionSettingsTab({ collection }: { collection: Collection }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(collection.title);
  const [visibility, setVisibility] = useState<Visibility | ''>(collection.visibility);
  const [minApprovals, setMinApprovals] = useState(String(collection.minApprovals));
  const [escalateAfterDays, setEscalateAfterDays] = useState(collection.escalateAfterDays == null ? '' : String(collection.escalateAfterDays));
  const [authorMayValidate, setAuthorMayValidate] = useState(collection.authorMayValidate);
  const [graceDays, setGraceDays] = useState(String(collection.translationGraceDays));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateCollection(collection.id);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found: FieldErrors = {};
    if (!title.trim()) found.title = t('validation.required');
    if (!visibility) found.visibility = t('validation.required');
    const approvals = wholeIn(minApprovals, 1, MAX_APPROVALS);
    if (approvals === null) found.minApprovals = t('collection.outOfRange', { min: 1, max: MAX_APPROVALS });
    const days = escalateAfterDays.trim() === '' ? null : wholeIn(escalateAfterDays, 1, MAX_ESCALATE_DAYS);
    if (escalateAfterDays.trim() !== '' && days === null) found.escalateAfterDays = t('collection.outOfRange', { min: 1, max: MAX_ESCALATE_DAYS });
    const grace = wholeIn(graceDays, 0, MAX_GRACE_DAYS);
    if (grace === null) found.translationGraceDays = t('collection.outOfRange', { min: 0, max: MAX_GRACE_DAYS });
    setErrors(found);
    if (Object.values(found).some(Boolean) || !visibility || approvals === null || grace === null) return;
    update.mutate(
      { title: title.trim(), visibility, minApprovals: approvals, escalateAfterDays: days, authorMayValidate, translationGraceDays: grace },
      {
        onSuccess: (saved) => showSnackbar(t('collections.saved', { title: saved.title })),
        onError: (err) => {
          const field = err instanceof ApiError && typeof err.params.field === 'string' ? err.params.field.split('.').pop() : undefined;
          const message = apiErrorText(err, t);
          if (field === 'title' || field === 'visibility' || field === 'minApprovals' || field === 'escalateAfterDays' || field === 'translationGraceDays')
            setErrors({ [field]: message ?? '' });
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
        <fieldset className="fieldset">
          <legend className="fieldset__legend">{t('collections.validationRules.title')}</legend>
          <TextField
            label={t('collections.fields.minApprovals')}
            name="minApprovals"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_APPROVALS}
            value={minApprovals}
            hint={t('collections.validationRules.minApprovalsHint')}
            error={errors.minApprovals}
            onChange={(e) => {
              setMinApprovals(e.target.value);
              setErrors((x) => ({ ...x, minApprovals: undefined }));
            }}
          />
          <TextField
            label={t('collections.fields.escalateAfterDays')}
            name="escalateAfterDays"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_ESCALATE_DAYS}
            value={escalateAfterDays}
            hint={t('collections.validationRules.escalateAfterDaysHint')}
            error={errors.escalateAfterDays}
            onChange={(e) => {
              setEscalateAfterDays(e.target.value);
              setErrors((x) => ({ ...x, escalateAfterDays: undefined }));
            }}
          />
          <SwitchField
            name="authorMayValidate"
            label={t('collections.fields.authorMayValidate')}
            description={t('collections.validationRules.authorMayValidateHint')}
            checked={authorMayValidate}
            onCheckedChange={setAuthorMayValidate}
          />
          <TextField
            label={t('collections.fields.translationGraceDays')}
            name="translationGraceDays"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_GRACE_DAYS}
            value={graceDays}
            hint={t('collections.validationRules.translationGraceDaysHint')}
            error={errors.translationGraceDays}
            onChange={(e) => {
              setGraceDays(e.target.value);
              setErrors((x) => ({ ...x, translationGraceDays: undefined }));
            }}
          />
        </fieldset>
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
