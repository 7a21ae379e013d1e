/**
 * Footnotes are numbered per section by the editor (`fn1`, `ref-fn1`), so two sections on one
 * page would share ids. The reader puts a per-section prefix before every footnote id and the
 * in-page links to them. Section HTML is sanitised by the server; this only renames anchors.
 */
export function prefixFootnotes(html: string, prefix: string): string {
  if (!html.includes('data-footnote')) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const ids = new Set<string>();
  for (const el of Array.from(template.content.querySelectorAll('sup[data-footnote-ref], section[data-footnotes] li[id]'))) {
    const id = el.getAttribute('id');
    if (id) {
      ids.add(id);
      el.setAttribute('id', prefix + id);
    }
  }
  for (const a of Array.from(template.content.querySelectorAll('a[href^="#"]'))) {
    const target = a.getAttribute('href')?.slice(1) ?? '';
    if (ids.has(target)) a.setAttribute('href', `#${prefix}${target}`);
  }
  return template.innerHTML;
}

/** The footnote prefix of a section. */
export const footnotePrefix = (detailId: number) => `d${detailId}-`;
