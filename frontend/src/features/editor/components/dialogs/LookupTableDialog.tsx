import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { TextAreaField } from '@/components/TextField';
import { LookupTable } from '@/components/LookupTable';
import { checkLookupJson, LOOKUP_EXAMPLE } from '@/features/editor/lookupJson';

export interface LookupTableDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the table being edited; none for a new one (starts from an example) */
  initial?: { scale: unknown; data: unknown };
  onSubmit: (scale: unknown, data: unknown) => void;
}

/** Edits the JSON of a lookup table (scale and data) with a live preview; invalid JSON cannot be applied. */
export function LookupTableDialog(props: LookupTableDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog open={props.open} onOpenChange={props.onOpenChange} title={props.initial ? t('editor.lookupTable.editTitle') : t('editor.lookupTable.title')} wide>
      <LookupTableForm {...props} />
    </FormDialog>
  );
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

function LookupTableForm({ initial, onSubmit, onOpenChange }: LookupTableDialogProps) {
  const { t } = useTranslation();
  const [scale, setScale] = useState(pretty(initial?.scale ?? LOOKUP_EXAMPLE.scale));
  const [data, setData] = useState(pretty(initial?.data ?? LOOKUP_EXAMPLE.data));
  const [submitted, setSubmitted] = useState(false);
  const checked = useMemo(() => checkLookupJson(scale, data), [scale, data]);
  const errorText = (field: 'scale' | 'data') => {
    if (checked.ok || checked.field !== field) return null;
    return t(checked.key, checked.params);
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setSubmitted(true);
    if (!checked.ok) return;
    onSubmit(checked.scale, checked.data);
    onOpenChange(false);
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <p className="field__hint">{t('editor.lookupTable.help')}</p>
      <div className="ed-json-fields">
        <TextAreaField
          label={t('editor.lookupTable.scale')}
          name="scale"
          className="input textarea ed-json"
          rows={6}
          spellCheck={false}
          value={scale}
          hint={t('editor.lookupTable.scaleHint')}
          error={errorText('scale')}
          onChange={(e) => setScale(e.target.value)}
        />
        <TextAreaField
          label={t('editor.lookupTable.data')}
          name="data"
          className="input textarea ed-json"
          rows={10}
          spellCheck={false}
          value={data}
          hint={t('editor.lookupTable.dataHint')}
          error={errorText('data')}
          onChange={(e) => setData(e.target.value)}
        />
      </div>
      <div className="ed-json-preview" aria-live="polite">
        <p className="field__label">{t('editor.lookupTable.preview')}</p>
        {checked.ok ? <LookupTable scale={checked.scale} data={checked.data} /> : <p className="muted">{t('editor.lookupTable.noPreview')}</p>}
      </div>
      {submitted && !checked.ok && (
        <p className="form-error" role="alert">
          {t('editor.lookupTable.fix')}
        </p>
      )}
      <div className="dialog__actions">
        <DialogCancel />
        <button type="submit" className="btn btn--primary">
          {initial ? t('editor.apply') : t('editor.insert')}
        </button>
      </div>
    </form>
  );
}
