import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { buildLookupTable, LookupTable, readLookupTableElement, type LookupModel } from './LookupTable';

const scale = { label: 'Gewicht', values: ['5 kg', '10 kg', '20 kg'] };
const data = {
  Paracetamol: { 'Sirup 30 mg/ml': ['2.5 ml', '5 ml', '10 ml'], 'Supp.': ['80 mg', '150 mg', '300 mg'] },
  'Ibuprofen Sirup': ['1.25 ml', '2.5 ml'],
};

function model(s: unknown, d: unknown): LookupModel {
  const built = buildLookupTable(s, d);
  if ('error' in built) throw new Error(built.error.code);
  return built.model;
}

describe('buildLookupTable', () => {
  it('groups headers by nesting depth and spans shorter columns down', () => {
    const m = model(scale, data);
    expect(m.label).toBe('Gewicht');
    expect(m.rows).toEqual(['5 kg', '10 kg', '20 kg']);
    expect(m.headerRows).toEqual([
      [
        { label: 'Paracetamol', colSpan: 2, rowSpan: 1, first: 0, last: 1 },
        { label: 'Ibuprofen Sirup', colSpan: 1, rowSpan: 2, first: 2, last: 2 },
      ],
      [
        { label: 'Sirup 30 mg/ml', colSpan: 1, rowSpan: 1, first: 0, last: 0 },
        { label: 'Supp.', colSpan: 1, rowSpan: 1, first: 1, last: 1 },
      ],
    ]);
    expect(m.columns.map((c) => c.cells)).toEqual([
      ['2.5 ml', '5 ml', '10 ml'],
      ['80 mg', '150 mg', '300 mg'],
      ['1.25 ml', '2.5 ml', ''],
    ]);
  });

  it('takes a plain array as scale and numbers and null as cells', () => {
    const m = model([3, 5], { A: [1, null] });
    expect(m.label).toBe('');
    expect(m.rows).toEqual(['3', '5']);
    expect(m.columns[0].cells).toEqual(['1', '']);
    expect(m.headerRows).toEqual([[{ label: 'A', colSpan: 1, rowSpan: 1, first: 0, last: 0 }]]);
  });

  it('handles three levels', () => {
    const m = model(['x'], { A: { B: { C: [1], D: [2] }, E: [3] }, F: [4] });
    expect(m.headerRows.map((r) => r.map((h) => `${h.label}:${h.colSpan}x${h.rowSpan}`))).toEqual([['A:3x1', 'F:1x3'], ['B:2x1', 'E:1x2'], ['C:1x1', 'D:1x1']]);
  });

  it.each([
    [null, {}, 'scaleInvalid'],
    [{ values: [{}] }, {}, 'scaleInvalid'],
    [[], { A: [] }, 'scaleEmpty'],
    [['a'], [], 'dataInvalid'],
    [['a'], {}, 'dataEmpty'],
    [['a'], { A: {} }, 'dataEmpty'],
    [['a'], { A: [{}] }, 'cellInvalid'],
    [['a'], { A: 'x' }, 'cellInvalid'],
    [['a'], { A: [1, 2] }, 'tooManyValues'],
  ])('refuses scale %j with data %j: %s', (s, d, code) => {
    const built = buildLookupTable(s, d);
    expect('error' in built && built.error.code).toBe(code);
  });
});

describe('LookupTable', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  const highlighted = (table: HTMLElement) =>
    Array.from(table.querySelectorAll('.is-highlighted')).map((el) => el.textContent);

  it('renders grouped headers, row labels and cells', () => {
    render(<LookupTable scale={scale} data={data} />);
    const table = screen.getByRole('grid');
    const headers = within(table).getAllByRole('columnheader').map((h) => [h.textContent, h.getAttribute('colspan'), h.getAttribute('rowspan')]);
    expect(headers).toEqual([
      ['Gewicht', null, '2'],
      ['Paracetamol', '2', null],
      ['Ibuprofen Sirup', null, '2'],
      ['Sirup 30 mg/ml', null, null],
      ['Supp.', null, null],
    ]);
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['5 kg', '10 kg', '20 kg']);
    expect(within(table).getAllByRole('gridcell')).toHaveLength(9);
  });

  it('highlights the row, the column and its headers on hover, and pins on click', async () => {
    render(<LookupTable scale={scale} data={data} />);
    const table = screen.getByRole('grid');
    const cell = within(table).getByText('150 mg');
    fireEvent.mouseEnter(cell);
    expect(cell).toHaveClass('is-active', 'is-row', 'is-col');
    expect(highlighted(table)).toEqual(['Paracetamol', 'Supp.', '10 kg']);
    expect(within(table).getByText('5 ml')).toHaveClass('is-row');
    expect(within(table).getByText('80 mg')).toHaveClass('is-col');
    expect(within(table).getByText('2.5 ml', { selector: 'td[data-col="0"]' })).not.toHaveClass('is-row', 'is-col');

    fireEvent.mouseLeave(table);
    expect(highlighted(table)).toEqual([]);

    await userEvent.click(within(table).getByText('2.5 ml', { selector: 'td[data-col="2"]' }));
    fireEvent.mouseLeave(table);
    (document.activeElement as HTMLElement).blur();
    expect(highlighted(table)).toEqual(['Ibuprofen Sirup', '10 kg']);
    expect(within(table).getByText('2.5 ml', { selector: 'td[data-col="2"]' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between cells with the keyboard and pins with Enter', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">before</button>
        <LookupTable scale={scale} data={data} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(document.activeElement).toHaveTextContent('2.5 ml');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('150 mg');
    expect(highlighted(screen.getByRole('grid'))).toEqual(['Paracetamol', 'Supp.', '10 kg']);
    await user.keyboard('{End}');
    expect(document.activeElement).toHaveTextContent('2.5 ml');
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('');
    expect(document.activeElement).toHaveAttribute('data-row', '2');
    await user.keyboard('{Enter}');
    expect(document.activeElement).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toHaveAttribute('aria-selected', 'false');
    // one tab stop for the whole table
    await user.tab();
    expect(screen.getByRole('grid').contains(document.activeElement)).toBe(false);
  });

  it('shows a note instead of a broken table', () => {
    render(<LookupTable scale="nope" data={{}} />);
    expect(screen.getByRole('note')).toHaveTextContent(i18n.t('editor.lookupTable.invalid'));
  });

  it('reads the attributes of a stored element', () => {
    const div = document.createElement('div');
    div.innerHTML = '<div data-lookup-table="" data-scale="[&quot;5 kg&quot;]" data-data="{&quot;A&quot;:[1]}"></div>';
    expect(readLookupTableElement(div.firstElementChild as Element)).toEqual({ scale: ['5 kg'], data: { A: [1] } });
    div.innerHTML = '<div data-lookup-table="" data-scale="{broken"></div>';
    expect(readLookupTableElement(div.firstElementChild as Element)).toEqual({ scale: null, data: null });
  });
});
