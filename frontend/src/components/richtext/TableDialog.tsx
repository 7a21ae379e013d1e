import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCancel, FormDialog } from '@/components/FormDialog';
import { TextField } from '@/components/TextField';

export interface TableSize {
  rows: number;
  columns: number;
  headerRow: boolean;
}

export const MAX_TABLE_ROWS = 100;
export const MAX_TABLE_COLUMNS = 20;

/** Parses a count field: a whole number from 1 to max, or null. */
export function parseCount(value: string, max: number): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** Rows, columns and whether the first row holds headers. */
export function TableDialog({ open, onOpenChange, onSubmit }: { open: boolean; onOpenChange: (open: boolean) => void; onSubmit: (size: TableSize) => void }) {
  const { t } = useTranslation();
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('editor.table.title')}>
      <TableForm onSubmit={onSubmit} onOpenChange={onOpenChange} />
    </FormDialog>
  );
}

function TableForm({ onSubmit, onOpenChange }: { onSubmit: (size: TableSize) => void; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState('3');
  const [columns, setColumns] = useState('3');
  const [headerRow, setHeaderRow] = useState(true);
  const [errors, setErrors] = useState<{ rows?: string; columns?: string }>({});
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const r = parseCount(rows, MAX_TABLE_ROWS);
    const c = parseCount(columns, MAX_TABLE_COLUMNS);
    setErrors({
      rows: r ? undefined : t('editor.table.countInvalid', { max: MAX_TABLE_ROWS }),
      columns: c ? undefined : t('editor.table.countInvalid', { max: MAX_TABLE_COLUMNS }),
    });
    if (!r || !c) return;
    onSubmit({ rows: r, columns: c, headerRow });
    onOpenChange(false);
  };
  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <div className="ed-form-row">
        <TextField label={t('editor.table.rows')} name="rows" value={rows} inputMode="numeric" autoFocus error={errors.rows} onChange={(e) => setRows(e.target.value)} />
        <TextField label={t('editor.table.columns')} name="columns" value={columns} inputMode="numeric" error={errors.columns} onChange={(e) => setColumns(e.target.value)} />
      </div>
      <label className="ed-check">
        <input type="checkbox" checked={headerRow} onChange={(e) => setHeaderRow(e.target.checked)} />
        {t('editor.table.headerRow')}
      </label>
      <div className="dialog__actions">
        <DialogCancel />
        <button type="submit" className="btn btn--primary">
          {t('editor.insert')}
        </button>
      </div>
    </form>
  );
}
