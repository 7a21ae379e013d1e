/** What every section editor is made of beyond the common rich text: its nodes and how a stored section is read back. */
import {
  $createParagraphNode,
  $getRoot,
  $parseSerializedNode,
  type Klass,
  type LexicalEditor,
  type LexicalNode,
  type SerializedLexicalNode,
} from 'lexical';
import { $nodesFromDocument, richTextNodes } from '@/components/richtext/config';
import { FootnoteNode } from './nodes/FootnoteNode';
import { ImageNode } from './nodes/ImageNode';
import { LookupTableNode } from './nodes/LookupTableNode';
import { VideoNode } from './nodes/VideoNode';

/** Node types of a section: the common rich text and the guideline's own blocks. */
export const editorNodes: Klass<LexicalNode>[] = [...richTextNodes, ImageNode, VideoNode, FootnoteNode, LookupTableNode];

/**
 * Nodes of stored guideline HTML (inside update), as top-level blocks: inline content is
 * gathered into paragraphs. Footnote texts move from the list at the end into their references.
 */
export function $sectionNodesFromHtml(editor: LexicalEditor, html: string): LexicalNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const ref of Array.from(doc.querySelectorAll('sup[data-footnote-ref]'))) {
    const id = ref.getAttribute('data-footnote-ref') ?? '';
    const note = id ? doc.getElementById(id) : null;
    ref.setAttribute('data-footnote-text', note?.textContent?.trim() ?? '');
  }
  for (const list of Array.from(doc.querySelectorAll('section[data-footnotes]'))) list.remove();
  return $nodesFromDocument(editor, doc);
}

/**
 * Reads stored guideline HTML into the active editor state (inside update): for sections
 * without an editor state of ours, e.g. written through the API.
 */
export function $importSectionHtml(editor: LexicalEditor, html: string): void {
  const nodes = $sectionNodesFromHtml(editor, html);
  if (nodes.length > 0) $getRoot().append(...nodes);
}

/**
 * Fills the active editor state (inside update) from a saved section: its editor state JSON
 * (`rawContent`) when that is ours, otherwise its HTML. An empty section gets one paragraph.
 */
export function $loadSection(editor: LexicalEditor, rawContent: string, html: string): void {
  const root = $getRoot();
  root.clear();
  let loaded = false;
  if (rawContent.trim()) {
    try {
      const json = JSON.parse(rawContent) as { root?: { children?: SerializedLexicalNode[] } };
      const children = json.root?.children;
      if (Array.isArray(children)) {
        root.append(...children.map((c) => $parseSerializedNode(c)));
        loaded = true;
      }
    } catch {
      root.clear();
    }
  }
  if (!loaded && html.trim()) $importSectionHtml(editor, html);
  if (root.isEmpty()) root.append($createParagraphNode());
}

/** A section's editor state as stored in rawContent. */
export function serializeEditorState(editor: LexicalEditor): string {
  return JSON.stringify(editor.getEditorState().toJSON());
}
