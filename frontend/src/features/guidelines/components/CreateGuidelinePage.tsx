import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { useCreateGuideline } from '../api/createGuideline';
import { useCreateGuidelineData } from '../api/getCreateGuidelineData';

/** The language a new guideline is first written in. */
export const FIRST_LANGUAGE = 'de';

/** Create guideline (/guidelines/guideline/new): collection and main validator, then on to the editor. */
export function CreateGuidelinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useCreateGuidelineData();
  const create = useCreateGuideline();
  const collectionId = useId();
  const validatorId = useId();
  const [collection, setCollection] = useState('');
  const [validator, setValidator] = useState('');
  const [errors, setErrors] = useState<{ collection?: string; validator?: string }>({});

  if (data.isError) return <QueryErrorPage error={data.error} />;
  if (data.isPending) return <Loader />;
  const targets = data.data;
  const target = targets.find((c) => String(c.collectionId) === collection);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!target) {
      setErrors({ collection: t('validation.required') });
      return;
    }
    create.mutate(
      { collection: target.collectionId, validator: validator ? Number(validator) : null },
      {
        onSuccess: (id) => navigate(`/guidelines/guideline/${id}/${FIRST_LANGUAGE}/edit`),
        onError: (err) => {
          if (err instanceof ApiError && err.params.field === 'validator') setErrors({ validator: apiErrorText(err, t) ?? undefined });
        },
      },
    );
  };

  return (
    <div className="page page--narrow">
      <div className="page__header">
        <Link to="/guidelines" className="back-link">
          <Icon name="arrowLeft" size={16} />
          {t('nav.myGuidelines')}
        </Link>
        <h1 className="page__title">{t('guidelines.create.title')}</h1>
        <p className="page__subtitle">{t('guidelines.create.subtitle')}</p>
      </div>
      <section className="card">
        {targets.length === 0 ? (
          <div className="empty-state">
            <Icon name="folder" size={28} />
            <p className="empty-state__title">{t('common.noItems')}</p>
            <p>{t('guidelines.create.noCollections')}</p>
          </div>
        ) : (
          <form className="form" onSubmit={handleSubmit} noValidate>
            <div className="field">
              <label className="field__label" htmlFor={collectionId}>
                {t('guidelines.create.collection')}
              </label>
              <select
                id={collectionId}
                name="collection"
                className="select"
                value={collection}
                aria-invalid={errors.collection ? true : undefined}
                aria-describedby={errors.collection ? `${collectionId}-error` : undefined}
                onChange={(e) => {
                  setCollection(e.target.value);
                  setValidator('');
                  setErrors({});
                }}
              >
                <option value="" disabled>
                  {t('common.selectOption')}
                </option>
                {targets.map((c) => (
                  <option key={c.collectionId} value={String(c.collectionId)}>
                    {c.collectionTitle}
                  </option>
                ))}
              </select>
              {errors.collection && (
                <p id={`${collectionId}-error`} className="field__error" role="alert">
                  {errors.collection}
                </p>
              )}
            </div>
            <div className="field">
              <label className="field__label" htmlFor={validatorId}>
                {t('guidelines.mainValidator')}
              </label>
              <select
                id={validatorId}
                name="validator"
                className="select"
                value={validator}
                disabled={!target}
                aria-invalid={errors.validator ? true : undefined}
                aria-describedby={`${validatorId}-hint`}
                onChange={(e) => {
                  setValidator(e.target.value);
                  setErrors({});
                }}
              >
                <option value="">{t('common.selectOption')}</option>
                {(target?.validators ?? []).map((v) => (
                  <option key={v.value} value={String(v.value)}>
                    {v.label}
                  </option>
                ))}
              </select>
              {errors.validator ? (
                <p className="field__error" role="alert">
                  {errors.validator}
                </p>
              ) : (
                <p id={`${validatorId}-hint`} className="field__hint">
                  {target && target.validators.length === 0 ? t('guidelines.create.noValidators') : t('guidelines.create.validatorHint')}
                </p>
              )}
            </div>
            {create.error && !(create.error instanceof ApiError && create.error.params.field === 'validator') && (
              <p className="form-error" role="alert">
                {apiErrorText(create.error, t)}
              </p>
            )}
            <div className="form__actions">
              <Link to="/guidelines" className="btn btn--ghost">
                {t('common.cancel')}
              </Link>
              <button type="submit" className="btn btn--primary" disabled={create.isPending}>
                {t('guidelines.create.submit')}
              </button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
