import { describe, expect, it } from 'vitest';
import { frameTables, markOverflow, overflowEdges } from './tableFrames';

/** Gives a box the scroll geometry a browser would compute (jsdom lays nothing out). */
function geometry(el: HTMLElement, scrollLeft: number, clientWidth: number, scrollWidth: number) {
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  el.scrollLeft = scrollLeft;
}

describe('table frames', () => {
  it.each([
    ['fits', 0, 300, 300, { start: false, end: false }],
    ['fits but for a rounding pixel', 0, 300, 301, { start: false, end: false }],
    ['at the start of a wide table', 0, 300, 900, { start: false, end: true }],
    ['in the middle', 200, 300, 900, { start: true, end: true }],
    ['at the end', 600, 300, 900, { start: true, end: false }],
    ['at the end, right to left', -600, 300, 900, { start: true, end: false }],
  ])('knows the hidden edges when it %s', (_, left, client, scroll, edges) => {
    expect(overflowEdges(left, client, scroll)).toEqual(edges);
  });

  it('frames each table of the text once, but not those of lookup tables', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>a</p><table><tr><td>1</td></tr></table><div data-lookup-table=""><table></table></div>';
    const stop = frameTables(root, 'Table, scrolls sideways');
    frameTables(root, 'Table, scrolls sideways')();
    stop();
    expect(root.querySelectorAll('.reader-table')).toHaveLength(1);
    expect(root.querySelector('.reader-table > table')).toHaveTextContent('1');
    expect(root.querySelector('[data-lookup-table] > table')).not.toBeNull();
  });

  it('makes a frame a named, focusable region with faded edges only while it overflows', () => {
    const frame = document.createElement('div');
    geometry(frame, 0, 300, 900);
    markOverflow(frame, 'Table, scrolls sideways');
    expect(frame).toHaveAttribute('role', 'region');
    expect(frame).toHaveAccessibleName('Table, scrolls sideways');
    expect(frame.tabIndex).toBe(0);
    expect(frame.className).toBe('reader-table--end');

    geometry(frame, 0, 900, 900);
    markOverflow(frame, 'Table, scrolls sideways');
    expect(frame).not.toHaveAttribute('role');
    expect(frame).not.toHaveAttribute('tabindex');
    expect(frame.className).toBe('');
  });
});
