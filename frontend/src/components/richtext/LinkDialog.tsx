import { useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { TextField } from '@/components/TextField';
import { normalizeLink } from './links';

/** A field of the link dialog that uploads a file and hands over its address. */
export interface LinkFileFieldProps {
  onUploaded: (url: string, name: string) => void;
  onPendingChange: (pending: boolean) => void;
  /** name of the file uploaded in this dialog, if any */
  uploaded: string | null;
}

export interface LinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** href of the link being edited, '' for a new one */
  initialUrl: string;
  /** whether the link needs a text of its own (nothing selected) */
  needsText: boolean;
  onSubmit: (href: string, text: string) => void;
  /** offered when editing an existing link */
  onRemove?: () => void;
  /** where the rich text can link to a file it uploads */
  fileField?: ComponentType<LinkFileFieldProps>;
}

/** Link dialog: a web address or e-mail, or an uploaded file (spec §2); anything else is 'Invalid url'. */
export function LinkDialog(props: LinkDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={props.open} onOpenChange={props.onOpenChange} title={props.initialUrl ? t('editor.link.editTitle') : t('editor.link.title')}>
      <LinkForm {...props} />
    </FormDialog>
  );
}

function LinkForm({ initialUrl, needsText, onSubmit, onRemove, onOpenChange, fileField: FileField }: LinkDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initialUrl);
  const [text, setText] = useState('');
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleUploaded = (href: string, name: string) => {
    setUrl(href);
    setUploaded(name);
    setError(null);
    if (!text) setText(name);
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!url.trim()) {
      setError(t('editor.link.required'));
      return;
    }
    const href = normalizeLink(url);
    if (!href) {
      setError(t('editor.invalidUrl'));
      return;
    }
    onSubmit(href, text.trim() || uploaded || url.trim());
    onOpenChange(false);
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextField
        label={t('editor.link.url')}
        name="url"
        value={url}
        autoFocus
        inputMode="url"
        autoComplete="off"
        hint={t('editor.link.urlHint')}
        error={error}
        onChange={(e) => {
          setUrl(e.target.value);
          setError(null);
          setUploaded(null);
        }}
      />
      {needsText && <TextField label={t('editor.link.text')} name="text" value={text} hint={t('editor.link.textHint')} onChange={(e) => setText(e.target.value)} />}
      {FileField && <FileField uploaded={uploaded} onUploaded={handleUploaded} onPendingChange={setPending} />}
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
            {t('editor.link.remove')}
          </button>
        )}
        <DialogCancel />
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {t('editor.apply')}
        </button>
      </div>
    </form>
  );
}
