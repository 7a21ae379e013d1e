import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { TextField } from '@/components/TextField';
import { useEditorPage } from '@/features/editor/EditorContext';
import { useAttachFile } from '@/features/editor/hooks/useAttachFile';
import { normalizeLink } from '@/features/editor/links';
import { FileField } from './FileField';

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
}

/** Files a link may point at: documents and media the server takes. */
const LINK_ACCEPT = '.pdf,.docx,.xlsx,.pptx,.png,.jpg,.jpeg,.gif,.webp,.mp4,.webm';

/** Link dialog: a web address or e-mail, or an uploaded file (spec §2); anything else is 'Invalid url'. */
export function LinkDialog(props: LinkDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={props.open} onOpenChange={props.onOpenChange} title={props.initialUrl ? t('editor.link.editTitle') : t('editor.link.title')}>
      <LinkForm {...props} />
    </FormDialog>
  );
}

function LinkForm({ initialUrl, needsText, onSubmit, onRemove, onOpenChange }: LinkDialogProps) {
  const { t } = useTranslation();
  const { guidelineId } = useEditorPage();
  const files = useAttachFile(guidelineId);
  const [url, setUrl] = useState(initialUrl);
  const [text, setText] = useState('');
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleFile = async (file: File) => {
    const done = await files.attach(file);
    if (!done) return;
    setUrl(done.url);
    setUploaded(done.name);
    setError(null);
    if (!text) setText(done.name);
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
      <FileField label={t('editor.link.file')} accept={LINK_ACCEPT} hint={t('editor.link.fileHint')} pending={files.pending} error={files.error} uploaded={uploaded} onFile={(f) => void handleFile(f)} />
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
        <button type="submit" className="btn btn--primary" disabled={files.pending}>
          {t('editor.apply')}
        </button>
      </div>
    </form>
  );
}
