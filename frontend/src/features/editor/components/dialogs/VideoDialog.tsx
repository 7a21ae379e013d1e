import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { TextField } from '@/components/TextField';
import { useEditorPage } from '@/features/editor/EditorContext';
import { useAttachFile } from '@/features/editor/hooks/useAttachFile';
import { parseVideoUrl } from '@/components/richtext/links';
import type { VideoPayload } from '@/features/editor/nodes/VideoNode';
import { FileField } from './FileField';

export interface VideoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (video: VideoPayload) => void;
}

/** A video: an uploaded mp4/webm file, or a YouTube or Vimeo address played from its privacy-friendly player. */
export function VideoDialog(props: VideoDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={props.open} onOpenChange={props.onOpenChange} title={t('editor.video.title')}>
      <VideoForm {...props} />
    </FormDialog>
  );
}

function VideoForm({ onSubmit, onOpenChange }: VideoDialogProps) {
  const { t } = useTranslation();
  const { guidelineId } = useEditorPage();
  const files = useAttachFile(guidelineId);
  const name = useId();
  const [mode, setMode] = useState<'embed' | 'file'>('embed');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<{ src: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleFile = async (f: File) => {
    const done = await files.attach(f);
    if (!done) return;
    if (!done.mime.startsWith('video/')) {
      setError(t('editor.video.notVideo'));
      return;
    }
    setFile({ src: done.url, name: done.name });
    setError(null);
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (mode === 'file') {
      if (!file) {
        setError(t('editor.video.fileRequired'));
        return;
      }
      onSubmit({ kind: 'file', src: file.src, label: file.name });
    } else {
      if (!url.trim()) {
        setError(t('validation.required'));
        return;
      }
      const embed = parseVideoUrl(url);
      if (!embed) {
        setError(t('editor.video.invalidUrl'));
        return;
      }
      onSubmit({ kind: 'embed', src: embed.src, label: url.trim() });
    }
    onOpenChange(false);
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <fieldset className="ed-choice">
        <legend className="field__label">{t('editor.video.source')}</legend>
        {(['embed', 'file'] as const).map((m) => (
          <label key={m} className="ed-choice__option">
            <input
              type="radio"
              name={name}
              value={m}
              checked={mode === m}
              onChange={() => {
                setMode(m);
                setError(null);
              }}
            />
            {m === 'embed' ? t('editor.video.embed') : t('editor.video.upload')}
          </label>
        ))}
      </fieldset>
      {mode === 'embed' ? (
        <TextField
          label={t('editor.video.url')}
          name="videoUrl"
          value={url}
          inputMode="url"
          autoComplete="off"
          hint={t('editor.video.urlHint')}
          error={error}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
        />
      ) : (
        <FileField
          label={t('editor.video.file')}
          accept="video/mp4,video/webm"
          hint={t('editor.video.fileHint')}
          pending={files.pending}
          error={files.error}
          errorText={error}
          uploaded={file?.name}
          onFile={(f) => void handleFile(f)}
        />
      )}
      <div className="dialog__actions">
        <DialogCancel />
        <button type="submit" className="btn btn--primary" disabled={files.pending}>
          {t('editor.insert')}
        </button>
      </div>
    </form>
  );
}
