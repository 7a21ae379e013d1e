import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { TextAreaField, TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import type { Metadata } from '@/lib/api-types.gen';
import { showSnackbar } from '@/lib/snackbar';
import { useSaveMetadata } from '../api/saveMetadata';
import {
  addOption,
  draftFrom,
  fieldFromServer,
  MAX_DESCRIPTION,
  MAX_NAME,
  moveOption,
  removeOption,
  toInput,
  validateDraft,
  type DraftErrors,
  type MetadataDraft,
  type OptionDraft,
} from '../metadata';

interface MetadataEditorDialogProps {
  /** null = create a new definition */
  metadata: Metadata | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function MetadataEditorDialog({ metadata, open, onOpenChange }: MetadataEditorDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog--wide" aria-describedby={undefined}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{metadata ? t('adminMetadata.editTitle', { name: metadata.name }) : t('adminMetadata.new')}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={t('common.close')}>
              <Icon name="close" />
            </Dialog.Close>
          </div>
          {open && <MetadataForm metadata={metadata} onDone={() => onOpenChange(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MetadataForm({ metadata, onDone }: { metadata: Metadata | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<MetadataDraft>(() => draftFrom(metadata));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveMetadata();

  const err = (key: string) => (errors[key] ? t(errors[key], { defaultValue: t('error.somethingWrong') }) : null);
  const clear = (key: string) => setErrors(({ [key]: _removed, ...rest }) => rest);
  // option errors are keyed by position, so they are stale after a structural change
  const setOptions = (options: OptionDraft[]) => {
    setDraft((d) => ({ ...d, options }));
    setErrors(({ name, description }) => ({ ...(name ? { name } : {}), ...(description ? { description } : {}) }));
  };
  const setOption = (index: number, patch: Partial<OptionDraft>) => {
    setDraft((d) => ({ ...d, options: d.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) }));
    for (const key of Object.keys(patch)) clear(`options.${index}.${key}`);
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { metadata: toInput(draft) },
      {
        onSuccess: (saved) => {
          showSnackbar(t('admin.saved', { title: saved.name }));
          onDone();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? fieldFromServer(error.params.field) : null;
          if (field && error instanceof ApiError) setErrors((prev) => ({ ...prev, [field]: error.message }));
          else setFormError(apiErrorText(error, t));
        },
      },
    );
  };

  return (
    <div className="dialog__body">
      <form id="metadata-form" className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('adminMetadata.name')}
          name="name"
          value={draft.name}
          error={err('name')}
          maxLength={MAX_NAME}
          onChange={(e) => {
            setDraft((d) => ({ ...d, name: e.target.value }));
            clear('name');
          }}
        />
        <TextAreaField
          label={t('adminMetadata.description')}
          name="description"
          value={draft.description}
          error={err('description')}
          maxLength={MAX_DESCRIPTION}
          onChange={(e) => {
            setDraft((d) => ({ ...d, description: e.target.value }));
            clear('description');
          }}
        />
        <fieldset className="option-editor">
          <legend className="section-title">{t('adminMetadata.options')}</legend>
          {draft.options.length === 0 ? (
            <p className="muted">{t('adminMetadata.noOptions')}</p>
          ) : (
            <ol className="option-editor__list">
              {draft.options.map((option, index) => {
                const label = option.name.trim() || t('adminMetadata.optionN', { n: index + 1 });
                return (
                  <li key={option.key} className="option-editor__item" data-option-index={index}>
                    <span className="option-editor__index" aria-hidden="true">
                      {index + 1}
                    </span>
                    <div className="option-editor__fields">
                      <TextField
                        label={t('adminMetadata.optionName', { n: index + 1 })}
                        value={option.name}
                        error={err(`options.${index}.name`)}
                        maxLength={MAX_NAME}
                        onChange={(e) => setOption(index, { name: e.target.value })}
                      />
                      <TextField
                        label={t('adminMetadata.optionDescription', { n: index + 1 })}
                        value={option.description}
                        error={err(`options.${index}.description`)}
                        maxLength={MAX_DESCRIPTION}
                        onChange={(e) => setOption(index, { description: e.target.value })}
                      />
                    </div>
                    <div className="option-editor__actions">
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={t('admin.moveUp', { title: label })}
                        disabled={index === 0}
                        onClick={() => setOptions(moveOption(draft.options, index, -1))}
                      >
                        <Icon name="arrowUp" size={18} />
                      </button>
                      <button
                        type="button"
                        className="icon-btn"
                        aria-label={t('admin.moveDown', { title: label })}
                        disabled={index === draft.options.length - 1}
                        onClick={() => setOptions(moveOption(draft.options, index, 1))}
                      >
                        <Icon name="arrowDown" size={18} />
                      </button>
                      <button
                        type="button"
                        className="icon-btn icon-btn--danger"
                        aria-label={t('adminMetadata.removeOption', { name: label })}
                        onClick={() => setOptions(removeOption(draft.options, index))}
                      >
                        <Icon name="trash" size={18} />
                      </button>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setOptions(addOption(draft.options))}>
            <Icon name="plus" size={16} />
            {t('adminMetadata.addOption')}
          </button>
        </fieldset>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
      </form>
      <div className="dialog__actions dialog__actions--sticky">
        <Dialog.Close className="btn btn--ghost">{t('common.cancel')}</Dialog.Close>
        <button type="submit" form="metadata-form" className="btn btn--primary" disabled={save.isPending}>
          {metadata ? t('common.save') : t('admin.create')}
        </button>
      </div>
    </div>
  );
}
