import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Lookup table of guideline text (spec §2 "Lookup-table element"): look up a value by a row
 * of the scale and a column, e.g. a dose by body weight and preparation.
 *
 * Stored in guideline HTML as `<div data-lookup-table="" data-scale="…" data-data="…"></div>`,
 * both attributes JSON:
 *
 * - `scale` – the rows, top to bottom: either an array of labels (`["3 kg", "5 kg", 10]`) or
 *   `{ "label": "Gewicht", "values": ["3 kg", "5 kg"] }`, where `label` heads the row-label column.
 * - `data` – the columns, left to right (object key order): an object whose keys are column
 *   headings and whose values are either an array of cells, one per scale row (a column), or
 *   again such an object (a group of columns). Each level of nesting is one header row; a group
 *   spans its columns, and a column that ends above the deepest level spans the header rows below.
 *   Cells are strings, numbers or null (empty); an array may be shorter than the scale, the rest
 *   is empty, but not longer.
 *
 * ```json
 * scale: { "label": "Gewicht", "values": ["5 kg", "10 kg", "20 kg"] }
 * data:  { "Paracetamol": { "Sirup 30 mg/ml": ["2.5 ml", "5 ml", "10 ml"], "Supp.": ["80 mg", "150 mg", "300 mg"] },
 *          "Ibuprofen Sirup": ["1.25 ml", "2.5 ml", "5 ml"] }
 * ```
 *
 * Hovering, focusing or clicking a cell highlights its row, its column and the headers above
 * it; a click (or Enter/Space) pins the highlight, Escape releases it. Arrow keys, Home and End
 * move between cells (one tab stop for the whole table).
 */

export type LookupCell = string | number | null;

/** A header cell: its text, its span and the columns (leaf indexes) below it. */
export interface LookupHeader {
  label: string;
  colSpan: number;
  rowSpan: number;
  first: number;
  last: number;
}

/** A table ready to render. */
export interface LookupModel {
  /** heading of the row-label column */
  label: string;
  rows: string[];
  /** one row per nesting level, top first */
  headerRows: LookupHeader[][];
  /** leaf columns, left to right, with one cell per row */
  columns: { path: string[]; cells: string[] }[];
}

export type LookupErrorCode = 'scaleInvalid' | 'scaleEmpty' | 'dataInvalid' | 'dataEmpty' | 'cellInvalid' | 'tooManyValues' | 'tooLarge';

/** Why a scale or data cannot be shown; `path` names the column. */
export interface LookupError {
  code: LookupErrorCode;
  path?: string;
  count?: number;
  max?: number;
}

const MAX_ROWS = 500;
const MAX_COLUMNS = 200;
const MAX_DEPTH = 6;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCell = (v: unknown): v is LookupCell => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const cellText = (v: LookupCell) => (v === null ? '' : String(v));

/** Checks scale and data and builds the table, or tells what is wrong. */
export function buildLookupTable(scale: unknown, data: unknown): { model: LookupModel } | { error: LookupError } {
  let label = '';
  let values: unknown = scale;
  if (isRecord(scale)) {
    if (scale.label !== undefined && typeof scale.label !== 'string') return { error: { code: 'scaleInvalid' } };
    label = typeof scale.label === 'string' ? scale.label : '';
    values = scale.values;
  }
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'string' || typeof v === 'number')) return { error: { code: 'scaleInvalid' } };
  if (values.length === 0) return { error: { code: 'scaleEmpty' } };
  if (values.length > MAX_ROWS) return { error: { code: 'tooLarge', max: MAX_ROWS } };
  const rows = values.map((v) => String(v));
  if (!isRecord(data)) return { error: { code: 'dataInvalid' } };

  const columns: LookupModel['columns'] = [];
  let depth = 0;
  let error: LookupError | null = null;
  const walk = (node: Record<string, unknown>, path: string[]) => {
    const keys = Object.keys(node);
    if (keys.length === 0) error ??= { code: 'dataEmpty', path: path.join(' › ') || undefined };
    for (const key of keys) {
      if (error) return;
      const value = node[key];
      const here = [...path, key];
      if (here.length > MAX_DEPTH) {
        error = { code: 'tooLarge', max: MAX_DEPTH };
        return;
      }
      if (Array.isArray(value)) {
        if (!value.every(isCell)) error = { code: 'cellInvalid', path: here.join(' › ') };
        else if (value.length > rows.length) error = { code: 'tooManyValues', path: here.join(' › '), count: value.length, max: rows.length };
        else if (columns.length >= MAX_COLUMNS) error = { code: 'tooLarge', max: MAX_COLUMNS };
        else {
          columns.push({ path: here, cells: rows.map((_, i) => cellText((value[i] as LookupCell | undefined) ?? null)) });
          depth = Math.max(depth, here.length);
        }
      } else if (isRecord(value)) walk(value, here);
      else error = { code: 'cellInvalid', path: here.join(' › ') };
    }
  };
  walk(data, []);
  if (error) return { error };
  if (columns.length === 0) return { error: { code: 'dataEmpty' } };

  // Header rows: at each level, consecutive leaves sharing the same path prefix form one cell.
  const headerRows: LookupHeader[][] = [];
  for (let level = 0; level < depth; level++) {
    const row: LookupHeader[] = [];
    for (let c = 0; c < columns.length; c++) {
      const path = columns[c].path;
      if (path.length <= level) continue; // covered by the row span of a shorter column
      const prefix = path.slice(0, level + 1).join('\u0000');
      const prev = row[row.length - 1];
      if (prev && prev.last === c - 1 && columns[c - 1].path.length > level && columns[c - 1].path.slice(0, level + 1).join('\u0000') === prefix) {
        prev.last = c;
        prev.colSpan++;
        continue;
      }
      const isLeaf = path.length === level + 1;
      row.push({ label: path[level], colSpan: 1, rowSpan: isLeaf ? depth - level : 1, first: c, last: c });
    }
    headerRows.push(row);
  }
  return { model: { label, rows, headerRows, columns } };
}

/** Parses the JSON attributes of a stored lookup table element (for readers that hydrate guideline HTML). */
export function readLookupTableElement(el: Element): { scale: unknown; data: unknown } {
  const parse = (text: string | null) => {
    try {
      return text ? (JSON.parse(text) as unknown) : null;
    } catch {
      return null;
    }
  };
  return { scale: parse(el.getAttribute('data-scale')), data: parse(el.getAttribute('data-data')) };
}

interface Pos {
  row: number;
  col: number;
}

/** Renders a lookup table from its scale and data (see the doc comment of this file for the JSON). */
export function LookupTable({ scale, data }: { scale: unknown; data: unknown }) {
  const { t } = useTranslation();
  const built = useMemo(() => buildLookupTable(scale, data), [scale, data]);
  const [hover, setHover] = useState<Pos | null>(null);
  const [pinned, setPinned] = useState<Pos | null>(null);
  const [focus, setFocus] = useState<Pos>({ row: 0, col: 0 });
  const [focused, setFocused] = useState(false);
  const tableRef = useRef<HTMLTableElement>(null);
  const hintId = useId();

  if ('error' in built) {
    return (
      <p className="lookup-table__error" role="note">
        {t('editor.lookupTable.invalid')}
      </p>
    );
  }
  const { model } = built;
  const active = hover ?? (focused ? focus : null) ?? pinned;
  const depth = model.headerRows.length;
  const lastRow = model.rows.length - 1;
  const lastCol = model.columns.length - 1;

  const moveTo = (pos: Pos) => {
    const next = { row: Math.max(0, Math.min(lastRow, pos.row)), col: Math.max(0, Math.min(lastCol, pos.col)) };
    setFocus(next);
    tableRef.current?.querySelector<HTMLElement>(`td[data-row="${next.row}"][data-col="${next.col}"]`)?.focus();
  };
  const togglePin = (pos: Pos) => setPinned((p) => (p && p.row === pos.row && p.col === pos.col ? null : pos));

  const handleKeyDown = (e: KeyboardEvent<HTMLTableCellElement>, pos: Pos) => {
    const moves: Record<string, Pos> = {
      ArrowUp: { row: pos.row - 1, col: pos.col },
      ArrowDown: { row: pos.row + 1, col: pos.col },
      ArrowLeft: { row: pos.row, col: pos.col - 1 },
      ArrowRight: { row: pos.row, col: pos.col + 1 },
      Home: { row: e.ctrlKey ? 0 : pos.row, col: 0 },
      End: { row: e.ctrlKey ? lastRow : pos.row, col: lastCol },
    };
    const target = moves[e.key];
    if (target) {
      e.preventDefault();
      moveTo(target);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      togglePin(pos);
    } else if (e.key === 'Escape' && pinned) {
      e.preventDefault();
      setPinned(null);
    }
  };

  return (
    <div className="lookup-table">
      <p id={hintId} className="visually-hidden">
        {t('editor.lookupTable.hint')}
      </p>
      <table ref={tableRef} className="lookup-table__table" role="grid" aria-readonly="true" aria-describedby={hintId} onMouseLeave={() => setHover(null)}>
        <thead>
          {model.headerRows.map((row, level) => (
            <tr key={level}>
              {level === 0 && (
                <th scope="col" rowSpan={depth} className="lookup-table__corner">
                  {model.label}
                </th>
              )}
              {row.map((h) => {
                const on = active !== null && active.col >= h.first && active.col <= h.last;
                return (
                  <th
                    key={h.first}
                    scope={h.colSpan > 1 ? 'colgroup' : 'col'}
                    colSpan={h.colSpan > 1 ? h.colSpan : undefined}
                    rowSpan={h.rowSpan > 1 ? h.rowSpan : undefined}
                    className={on ? 'is-highlighted' : undefined}
                    data-first={h.first}
                    data-last={h.last}
                  >
                    {h.label}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {model.rows.map((label, r) => (
            <tr key={r} className={active?.row === r ? 'is-row' : undefined}>
              <th scope="row" className={active?.row === r ? 'is-highlighted' : undefined}>
                {label}
              </th>
              {model.columns.map((column, c) => {
                const pos = { row: r, col: c };
                const classes = [
                  active?.row === r ? 'is-row' : '',
                  active?.col === c ? 'is-col' : '',
                  active?.row === r && active.col === c ? 'is-active' : '',
                  pinned?.row === r && pinned.col === c ? 'is-pinned' : '',
                ].filter(Boolean);
                return (
                  <td
                    key={c}
                    role="gridcell"
                    data-row={r}
                    data-col={c}
                    tabIndex={focus.row === r && focus.col === c ? 0 : -1}
                    aria-selected={pinned?.row === r && pinned.col === c}
                    className={classes.join(' ') || undefined}
                    onMouseEnter={() => setHover(pos)}
                    onClick={() => {
                      setFocus(pos);
                      togglePin(pos);
                    }}
                    onFocus={() => {
                      setFocus(pos);
                      setFocused(true);
                    }}
                    onBlur={() => setFocused(false)}
                    onKeyDown={(e) => handleKeyDown(e, pos)}
                  >
                    {column.cells[r]}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
