import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { TextAreaField } from '@/components/TextField';

export interface FootnoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** number of the footnote being edited; none for a new one */
  number?: number;
  initialText: string;
  onSubmit: (text: string) => void;
  onRemove?: () => void;
}

/** Text of a footnote; the reference is numbered in the order of the section. */
export function FootnoteDialog(props: FootnoteDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={props.open} onOpenChange={props.onOpenChange} title={props.number ? t('editor.footnote.editTitle', { n: props.number }) : t('editor.footnote.title')}>
      <FootnoteForm {...props} />
    </FormDialog>
  );
}

function FootnoteForm({ initialText, onSubmit, onRemove, onOpenChange }: FootnoteDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!text.trim()) {
      setError(t('validation.required'));
      return;
    }
    onSubmit(text.trim());
    onOpenChange(false);
  };
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextAreaField
        label={t('editor.footnote.text')}
        name="footnote"
        value={text}
        autoFocus
        maxLength={2000}
        hint={t('editor.footnote.hint')}
        error={error}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      <div className="dialog__actions">
        {onRemove && (
          <button
            type="button"
            className="btn btn--danger-outline ed-dialog-remove"
            onClick={() => {
              onRemove();
              onOpenChange(false);
            }}
          >
            {t('editor.footnote.remove')}
          </button>
        )}
        <DialogCancel />
        <button type="submit" className="btn btn--primary">
          {t('editor.apply')}
        </button>
      </div>
    </form>
  );
}
