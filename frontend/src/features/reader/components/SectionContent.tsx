import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LookupTable, readLookupTableElement } from '@/components/LookupTable';
import { footnotePrefix, prefixFootnotes } from '../footnotes';
import { frameTables } from '../tableFrames';

interface Mounted {
  el: Element;
  scale: unknown;
  data: unknown;
}

/**
 * The HTML of one section as stored (sanitised by the server on write), with its footnote ids
 * made unique on the page, its lookup tables brought to life and its wide tables scrolling in
 * frames of their own.
 */
export function SectionContent({ detailId, html }: { detailId: number; html: string }) {
  const { t } = useTranslation();
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

  const frameLabel = t('reader.tableFrame');
  useLayoutEffect(() => (ref.current ? frameTables(ref.current, frameLabel) : undefined), [prefixed, frameLabel]);

  return (
    <>
      <div ref={ref} className="reader-section__content guideline-text__content" dangerouslySetInnerHTML={{ __html: prefixed }} />
      {tables.map((m, i) => createPortal(<LookupTable scale={m.scale} data={m.data} />, m.el, i))}
    </>
  );
}
