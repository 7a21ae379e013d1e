import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { LookupTable, readLookupTableElement } from '../../../components/LookupTable';
import { footnotePrefix, prefixFootnotes } from '../footnotes';

interface Mounted {
  el: Element;
  scale: unknown;
  data: unknown;
}

/**
 * The HTML of one section as stored (sanitised by the server on write), with its footnote ids
 * made unique on the page and its lookup tables brought to life.
 */
export function SectionContent({ detailId, html }: { detailId: number; html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const prefixed = useMemo(() => prefixFootnotes(html, footnotePrefix(detailId)), [html, detailId]);
  const [tables, setTables] = useState<Mounted[]>([]);

  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    setTables(
      Array.from(root.querySelectorAll('div[data-lookup-table]')).map((el) => {
        const { scale, data } = readLookupTableElement(el);
        el.replaceChildren();
        return { el, scale, data };
      }),
    );
  }, [prefixed]);

  return (
    <>
      <div ref={ref} className="reader-section__content guideline-text__content" dangerouslySetInnerHTML={{ __html: prefixed }} />
      {tables.map((t, i) => createPortal(<LookupTable scale={t.scale} data={t.data} />, t.el, i))}
    </>
  );
}
