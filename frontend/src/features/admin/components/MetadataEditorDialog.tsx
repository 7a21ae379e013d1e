import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { TextAreaField, TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import type { Metadata, Texts } from '@/lib/api-types.gen';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@/lib/language';
import { showSnackbar } from '@/lib/snackbar';
import { textIn } from '@/lib/texts';
import { useSaveMetadata } from '../api/saveMetadata';
import {
  addOption,
  draftFrom,
  fieldFromServer,
  firstErrorLanguage,
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
  const { t, i18n } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog dialog--wide" aria-describedby={undefined}>
          <div className="dialog__head">
            <Dialog.Title className="dialog__title">{metadata ? t('adminMetadata.editTitle', { name: textIn(metadata.names, i18n.language) }) : t('adminMetadata.new')}</Dialog.Title>
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

/** Switches the language whose texts the form shows; German is marked as required, a language
 *  with an error is marked too. */
function LanguageSwitch({ value, onChange, errors }: { value: Language; onChange: (lang: Language) => void; errors: DraftErrors }) {
  const { t } = useTranslation();
  return (
    <div className="language-switch" role="group" aria-label={t('adminMetadata.textLanguage')}>
      {LANGUAGES.map((lang) => {
        const hasError = Object.keys(errors).some((key) => key.endsWith(`.${lang}`));
        return (
          <button
            key={lang}
            type="button"
            className={`language-switch__item${lang === value ? ' language-switch__item--active' : ''}${hasError ? ' language-switch__item--error' : ''}`}
            aria-pressed={lang === value}
            onClick={() => onChange(lang)}
          >
            <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
            {lang === 'de' && (
              <>
                <span className="required-mark" aria-hidden="true">
                  *
                </span>
                <span className="visually-hidden"> ({t('adminMetadata.required')})</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

function MetadataForm({ metadata, onDone }: { metadata: Metadata | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<MetadataDraft>(() => draftFrom(metadata));
  const [lang, setLang] = useState<Language>('de');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveMetadata();

  const err = (key: string) => (errors[key] ? t(errors[key], { defaultValue: t('error.somethingWrong') }) : null);
  const clear = (key: string) => setErrors(({ [key]: _removed, ...rest }) => rest);
  // option errors are keyed by position, so they are stale after a structural change
  const setOptions = (options: OptionDraft[]) => {
    setDraft((d) => ({ ...d, options }));
    setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([key]) => !key.startsWith('options.'))));
  };
  const withText = (texts: Texts, text: string): Texts => ({ ...texts, [lang]: text });
  const setText = (field: 'names' | 'descriptions', text: string) => {
    setDraft((d) => ({ ...d, [field]: withText(d[field], text) }));
    clear(`${field}.${lang}`);
  };
  const setOptionText = (index: number, field: 'names' | 'descriptions', text: string) => {
    setDraft((d) => ({ ...d, options: d.options.map((o, i) => (i === index ? { ...o, [field]: withText(o[field], text) } : o)) }));
    clear(`options.${index}.${field}.${lang}`);
  };
  const language = LANGUAGE_NAMES[lang];
  const nameLabel = (label: string) => (lang === 'de' ? `${label} *` : label);
  // an option's fields show short labels (the option's number stands beside them, the
  // language above) and are named in full for assistive technology
  const optionLabel = (shown: string, full: string) => (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{full}</span>
    </>
  );

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found = validateDraft(draft);
    setErrors(found);
    const errorLanguage = firstErrorLanguage(found);
    if (errorLanguage) {
      setLang(errorLanguage);
      return;
    }
    save.mutate(
      { metadata: toInput(draft) },
      {
        onSuccess: (saved) => {
          showSnackbar(t('admin.saved', { title: textIn(saved.names, i18n.language) }));
          onDone();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? fieldFromServer(error.params.field) : null;
          if (field && error instanceof ApiError) {
            setErrors((prev) => ({ ...prev, [field]: error.message }));
            setLang(firstErrorLanguage({ [field]: error.message }) ?? lang);
          } else setFormError(apiErrorText(error, t));
        },
      },
    );
  };

  return (
    <div className="dialog__body">
      <form id="metadata-form" className="form" onSubmit={handleSubmit} noValidate>
        <LanguageSwitch value={lang} onChange={setLang} errors={errors} />
        <p className="field__hint">{t('adminMetadata.germanRequired')}</p>
        <TextField
          label={nameLabel(t('adminMetadata.nameIn', { language }))}
          name={`names.${lang}`}
          lang={lang}
          value={draft.names[lang]}
          error={err(`names.${lang}`)}
          maxLength={MAX_NAME}
          required={lang === 'de'}
          placeholder={lang === 'de' ? undefined : draft.names.de}
          onChange={(e) => setText('names', e.target.value)}
        />
        <TextAreaField
          label={t('adminMetadata.descriptionIn', { language })}
          name={`descriptions.${lang}`}
          lang={lang}
          rows={2}
          value={draft.descriptions[lang]}
          error={err(`descriptions.${lang}`)}
          maxLength={MAX_DESCRIPTION}
          placeholder={lang === 'de' ? undefined : draft.descriptions.de}
          onChange={(e) => setText('descriptions', e.target.value)}
        />
        <fieldset className="option-editor">
          <legend className="section-title">{t('adminMetadata.options')}</legend>
          {draft.options.length === 0 ? (
            <p className="muted">{t('adminMetadata.noOptions')}</p>
          ) : (
            <ol className="option-editor__list">
              {draft.options.map((option, index) => {
                const label = textIn(option.names, lang).trim() || t('adminMetadata.optionN', { n: index + 1 });
                return (
                  <li key={option.key} className="option-editor__item" data-option-index={index}>
                    <span className="option-editor__index" aria-hidden="true">
                      {index + 1}
                    </span>
                    <div className="option-editor__fields">
                      <TextField
                        label={optionLabel(nameLabel(t('adminMetadata.optionName')), t('adminMetadata.optionNameIn', { n: index + 1, language }))}
                        lang={lang}
                        value={option.names[lang]}
                        error={err(`options.${index}.names.${lang}`)}
                        maxLength={MAX_NAME}
                        required={lang === 'de'}
                        placeholder={lang === 'de' ? undefined : option.names.de}
                        onChange={(e) => setOptionText(index, 'names', e.target.value)}
                      />
                      <TextField
                        label={optionLabel(t('adminMetadata.optionDescription'), t('adminMetadata.optionDescriptionIn', { n: index + 1, language }))}
                        lang={lang}
                        value={option.descriptions[lang]}
                        error={err(`options.${index}.descriptions.${lang}`)}
                        maxLength={MAX_DESCRIPTION}
                        placeholder={lang === 'de' ? undefined : option.descriptions.de}
                        onChange={(e) => setOptionText(index, 'descriptions', e.target.value)}
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
