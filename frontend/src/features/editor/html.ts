/**
 * HTML of one section: the common rich text (components/richtext/html.ts) with the guideline's
 * own nodes: figures with images, videos and player iframes, footnote references with the
 * footnotes collected at the end, and lookup table elements.
 */
import type { EditorState } from 'lexical';
import { $exportHtml, escapeHtml } from '@/components/richtext/html';
import { $isFootnoteNode } from './nodes/FootnoteNode';
import { $isImageNode } from './nodes/ImageNode';
import { $isLookupTableNode } from './nodes/LookupTableNode';
import { $isVideoNode } from './nodes/VideoNode';

/** Footnote anchors of a section: `fn1`, `fn2` … in the order of the references. */
export const footnoteId = (n: number) => `fn${n}`;

function image(p: { src: string; alt: string; width?: number | null }): string {
  return `<img src="${escapeHtml(p.src)}" alt="${escapeHtml(p.alt)}"${p.width ? ` width="${p.width}"` : ''}>`;
}

/** HTML of the active editor state (call inside read or update). */
export function $exportSectionHtml(): string {
  const footnotes: string[] = [];
  const body = $exportHtml({
    inline: (node) => {
      if ($isFootnoteNode(node)) {
        footnotes.push(escapeHtml(node.getText()));
        const n = footnotes.length;
        const id = footnoteId(n);
        return `<sup data-footnote-ref="${id}" id="ref-${id}"><a href="#${id}">${n}</a></sup>`;
      }
      if ($isImageNode(node)) return image(node.getPayload());
      return null;
    },
    block: (node) => {
      if ($isImageNode(node)) return `<figure>${image(node.getPayload())}</figure>`;
      if ($isVideoNode(node)) {
        const v = node.getPayload();
        if (v.kind === 'embed') {
          const title = v.src.includes('vimeo') ? 'Vimeo' : 'YouTube';
          return `<iframe src="${escapeHtml(v.src)}" title="${title}" width="560" height="315" allowfullscreen=""></iframe>`;
        }
        return `<video src="${escapeHtml(v.src)}" controls=""></video>`;
      }
      if ($isLookupTableNode(node)) {
        return `<div data-lookup-table="" data-scale="${escapeHtml(JSON.stringify(node.getScale()))}" data-data="${escapeHtml(JSON.stringify(node.getData()))}"></div>`;
      }
      return null;
    },
  });
  if (footnotes.length === 0) return body;
  const notes = footnotes.map((content, i) => `<li id="${footnoteId(i + 1)}">${content}</li>`).join('');
  return `${body}<section data-footnotes=""><ol>${notes}</ol></section>`;
}

/** HTML of a section's editor state. */
export function exportSectionHtml(state: EditorState): string {
  return state.read(() => $exportSectionHtml());
}
