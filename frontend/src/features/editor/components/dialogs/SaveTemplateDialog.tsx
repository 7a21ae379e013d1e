import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { TextField } from '@/components/TextField';
import { ApiError } from '@/lib/api';
import { apiErrorText } from '@/lib/apiErrors';
import { isLanguage, LANGUAGE_NAMES } from '@/lib/language';
import { showSnackbar } from '@/lib/snackbar';
import { useSaveTemplate } from '@/features/editor/api/saveTemplate';
import { useEditorPage } from '@/features/editor/EditorContext';
import { editorErrorText } from '@/features/editor/errors';
import { byteLength, LIMITS } from '@/features/editor/sections';

export interface SaveTemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** number of the section, as its heading shows it */
  number: number;
  initialTitle: string;
  /** the section's HTML when the dialog opened */
  content: string;
}

/** Saves the text of a section as a template of the editor's language, for all authors of the space. */
export function SaveTemplateDialog(props: SaveTemplateDialogProps) {
  const { t } = useTranslation();
  const { language } = useEditorPage();
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t('editor.templates.saveTitle')}
      description={t('editor.templates.saveLead', { n: props.number, language: isLanguage(language) ? LANGUAGE_NAMES[language] : language })}
    >
      <SaveTemplateForm {...props} language={language} />
    </FormDialog>
  );
}

function SaveTemplateForm({ initialTitle, content, language, onOpenChange }: SaveTemplateDialogProps & { language: string }) {
  const { t } = useTranslation();
  const save = useSaveTemplate();
  const [title, setTitle] = useState(initialTitle);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  let problem: string | null = null;
  if (!content.trim()) problem = t('editor.templates.emptySection');
  else if (byteLength(content) > LIMITS.template) problem = t('editor.templates.tooLarge');

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (problem || save.isPending) return;
    const name = title.trim();
    if (!name) {
      setTitleError(t('validation.required'));
      return;
    }
    setError(null);
    try {
      const saved = await save.mutateAsync({ title: name, language, content });
      showSnackbar(t('editor.templates.saved', { title: saved.title }));
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && err.params.field === 'template.title') setTitleError(apiErrorText(err, t));
      else setError(editorErrorText(err, t));
    }
  };

  return (
    <form className="form" onSubmit={(e) => void handleSubmit(e)} noValidate>
      <TextField
        label={t('editor.templates.name')}
        name="title"
        value={title}
        autoFocus
        maxLength={LIMITS.title}
        hint={t('editor.templates.nameHint')}
        error={titleError}
        onChange={(e) => {
          setTitle(e.target.value);
          setTitleError(null);
        }}
      />
      {(problem ?? error) && (
        <p className="form-error" role="alert">
          {problem ?? error}
        </p>
      )}
      <div className="dialog__actions">
        <DialogCancel />
        <button type="submit" className="btn btn--primary" disabled={problem !== null || save.isPending}>
          {t('editor.templates.save')}
        </button>
      </div>
    </form>
  );
}
