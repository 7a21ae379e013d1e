import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/gif';

interface ImageUploadProps {
  label: string;
  /** URL of the current server image; absent for a new space. */
  currentUrl?: string;
  /** undefined = keep, "" = remove, data URL = replace */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function ImageUpload({ label, currentUrl, value, onChange }: ImageUploadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const preview = value === undefined ? currentUrl : value || undefined;

  const handleFile = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) {
      setError(t('space.invalidImage'));
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setError(t('admin.imageTooLarge'));
      return;
    }
    onChange(await readAsDataUrl(file));
  };

  return (
    <div className="field image-upload">
      <span className="field__label">{label}</span>
      <div className="image-upload__row">
        <div className="image-upload__preview">{preview ? <img src={preview} alt={label} /> : <Icon name="building" size={24} />}</div>
        <div className="image-upload__actions">
          <label htmlFor={inputId} className="btn btn--ghost btn--small">
            <Icon name="upload" size={16} />
            {t('admin.upload')}
          </label>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            onChange={(e) => {
              void handleFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          {(preview || value) && (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => onChange(currentUrl ? '' : undefined)}>
              <Icon name="trash" size={16} />
              {t('admin.remove')}
            </button>
          )}
        </div>
      </div>
      {value === '' && <p className="field__hint">{t('admin.imageRemoved')}</p>}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
