/**
 * Wide tables of guideline text scroll sideways inside a frame of their own, so that the page
 * never does and nothing is cut off on a phone. The frame shows on which edge more of the table
 * lies (a shadow) and, while it scrolls, is a named region reachable by keyboard.
 */

/** Class of the frame around a table of guideline text. */
export const TABLE_FRAME = 'reader-table';

/** Which edges of a scrolled box hide content; a pixel of rounding is not overflow. */
export function overflowEdges(scrollLeft: number, clientWidth: number, scrollWidth: number): { start: boolean; end: boolean } {
  const hidden = scrollWidth - clientWidth;
  if (hidden <= 1) return { start: false, end: false };
  const left = Math.abs(scrollLeft); // right-to-left text scrolls to negative values
  return { start: left > 1, end: left < hidden - 1 };
}

/** Shows a frame's overflowing edges and makes it a focusable, named region only while it scrolls. */
export function markOverflow(frame: HTMLElement, label: string): void {
  const { start, end } = overflowEdges(frame.scrollLeft, frame.clientWidth, frame.scrollWidth);
  frame.classList.toggle(`${TABLE_FRAME}--start`, start);
  frame.classList.toggle(`${TABLE_FRAME}--end`, end);
  if (start || end) {
    frame.setAttribute('role', 'region');
    frame.setAttribute('aria-label', label);
    frame.tabIndex = 0;
  } else {
    frame.removeAttribute('role');
    frame.removeAttribute('aria-label');
    frame.removeAttribute('tabindex');
  }
}

/**
 * Puts every table of root (not those of lookup tables, which frame themselves) into a frame and
 * keeps the frames' marks current as they scroll or resize; returns what stops the watching.
 */
export function frameTables(root: HTMLElement, label: string): () => void {
  const frames = Array.from(root.querySelectorAll('table'))
    .filter((table) => !table.closest('[data-lookup-table]'))
    .map((table) => {
      let frame = table.parentElement;
      if (!frame?.classList.contains(TABLE_FRAME)) {
        frame = document.createElement('div');
        frame.className = TABLE_FRAME;
        table.replaceWith(frame);
        frame.append(table);
      }
      return frame;
    });
  const update = (event: Event) => markOverflow(event.currentTarget as HTMLElement, label);
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => entries.forEach((e) => markOverflow(e.target as HTMLElement, label))) : null;
  for (const frame of frames) {
    markOverflow(frame, label);
    frame.addEventListener('scroll', update, { passive: true });
    resize?.observe(frame);
  }
  return () => {
    resize?.disconnect();
    for (const frame of frames) frame.removeEventListener('scroll', update);
  };
}
