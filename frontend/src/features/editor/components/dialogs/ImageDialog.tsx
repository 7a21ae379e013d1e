import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { TextField } from '@/components/TextField';
import { useEditorPage } from '@/features/editor/EditorContext';
import { useAttachFile } from '@/features/editor/hooks/useAttachFile';
import { MAX_IMAGE_WIDTH, type ImagePayload } from '@/features/editor/nodes/ImageNode';
import { FileField } from './FileField';

export interface ImageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the image being edited; none for a new one */
  initial?: ImagePayload;
  onSubmit: (image: ImagePayload) => void;
}

/** Image types the server takes (SVG is refused: it can carry scripts). */
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** Parses the optional width field: '' → null, else 1…MAX_IMAGE_WIDTH px, or undefined when invalid. */
export function parseImageWidth(value: string): number | null | undefined {
  const text = value.trim().replace(/\s*px$/i, '');
  if (!text) return null;
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= MAX_IMAGE_WIDTH ? n : undefined;
}

/** Upload an image (or keep the current one), its alt text and an optional width. */
export function ImageDialog(props: ImageDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={props.open} onOpenChange={props.onOpenChange} title={props.initial ? t('editor.image.editTitle') : t('editor.image.title')}>
      <ImageForm {...props} />
    </FormDialog>
  );
}

function ImageForm({ initial, onSubmit, onOpenChange }: ImageDialogProps) {
  const { t } = useTranslation();
  const { guidelineId } = useEditorPage();
  const files = useAttachFile(guidelineId);
  const [src, setSrc] = useState(initial?.src ?? '');
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [alt, setAlt] = useState(initial?.alt ?? '');
  const [width, setWidth] = useState(initial?.width ? String(initial.width) : '');
  const [errors, setErrors] = useState<{ file?: string; alt?: string; width?: string }>({});

  const handleFile = async (file: File) => {
    const done = await files.attach(file);
    if (!done) return;
    setSrc(done.url);
    setUploaded(done.name);
    setErrors((e) => ({ ...e, file: undefined }));
    if (!alt) setAlt(done.name.replace(/\.[a-z0-9]+$/i, '').replace(/[_-]+/g, ' '));
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const w = parseImageWidth(width);
    const next = {
      file: src ? undefined : t('editor.image.fileRequired'),
      alt: alt.trim() ? undefined : t('validation.required'),
      width: w === undefined ? t('editor.image.widthInvalid', { max: MAX_IMAGE_WIDTH }) : undefined,
    };
    setErrors(next);
    if (next.file || next.alt || next.width || w === undefined) return;
    onSubmit({ src, alt: alt.trim(), width: w });
    onOpenChange(false);
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <FileField
        label={initial ? t('editor.image.replace') : t('editor.image.file')}
        accept={IMAGE_ACCEPT}
        hint={t('editor.image.fileHint')}
        pending={files.pending}
        error={files.error}
        errorText={errors.file}
        uploaded={uploaded}
        onFile={(f) => void handleFile(f)}
      />
      {src && <img className="ed-image-preview" src={src} alt="" />}
      <TextField
        label={t('editor.image.alt')}
        name="alt"
        value={alt}
        maxLength={300}
        hint={t('editor.image.altHint')}
        error={errors.alt}
        onChange={(e) => setAlt(e.target.value)}
      />
      <TextField
        label={t('editor.image.width')}
        name="width"
        value={width}
        inputMode="numeric"
        className="field--short"
        hint={t('editor.image.widthHint')}
        error={errors.width}
        onChange={(e) => setWidth(e.target.value)}
      />
      <div className="dialog__actions">
        <DialogCancel />
        <button type="submit" className="btn btn--primary" disabled={files.pending}>
          {initial ? t('editor.apply') : t('editor.insert')}
        </button>
      </div>
    </form>
  );
}
