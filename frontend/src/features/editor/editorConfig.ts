/** What every section editor is made of: its nodes, its look and how a stored section is read back. */
import { $generateNodesFromDOM } from '@lexical/html';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode } from '@lexical/rich-text';
import { TableCellNode, TableNode, TableRowNode } from '@lexical/table';
import {
  $createParagraphNode,
  $getRoot,
  $isDecoratorNode,
  $isElementNode,
  $isTextNode,
  $parseSerializedNode,
  type EditorThemeClasses,
  type Klass,
  type LexicalEditor,
  type LexicalNode,
  type SerializedLexicalNode,
} from 'lexical';
import { FootnoteNode } from './nodes/FootnoteNode';
import { ImageNode } from './nodes/ImageNode';
import { LookupTableNode } from './nodes/LookupTableNode';
import { VideoNode } from './nodes/VideoNode';

/** Node types of a section. */
export const editorNodes: Klass<LexicalNode>[] = [
  HeadingNode,
  ListNode,
  ListItemNode,
  LinkNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  ImageNode,
  VideoNode,
  FootnoteNode,
  LookupTableNode,
];

/** Class names of the editing surface (editor.css). */
export const editorTheme: EditorThemeClasses = {
  paragraph: 'ed-p',
  heading: { h2: 'ed-h2', h3: 'ed-h3', h4: 'ed-h4' },
  text: {
    bold: 'ed-bold',
    italic: 'ed-italic',
    underline: 'ed-underline',
    strikethrough: 'ed-strike',
    underlineStrikethrough: 'ed-underline-strike',
    subscript: 'ed-sub',
    superscript: 'ed-sup',
    code: 'ed-code',
  },
  list: {
    ul: 'ed-ul',
    ol: 'ed-ol',
    listitem: 'ed-li',
    nested: { listitem: 'ed-li--nested' },
  },
  link: 'ed-link',
  table: 'ed-table',
  tableRow: 'ed-tr',
  tableCell: 'ed-td',
  tableCellHeader: 'ed-th',
  tableSelection: 'ed-table--selection',
  tableCellSelected: 'ed-td--selected',
  tableScrollableWrapper: 'ed-table-wrap',
};

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
  // Lexical's import reads scope="col" as a header column and scope="row" as a header row, the
  // other way round from HTML (a cell of a header row heads a column): swap before importing.
  for (const th of Array.from(doc.querySelectorAll('th[scope]'))) {
    const scope = th.getAttribute('scope');
    if (scope === 'col') th.setAttribute('scope', 'row');
    else if (scope === 'row') th.setAttribute('scope', 'col');
  }
  const blocks: LexicalNode[] = [];
  let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
  for (const node of $generateNodesFromDOM(editor, doc)) {
    const isBlock = ($isElementNode(node) && !node.isInline()) || ($isDecoratorNode(node) && !node.isInline());
    if (isBlock) {
      paragraph = null;
      blocks.push(node);
      continue;
    }
    if ($isTextNode(node) && node.getTextContent().trim() === '' && !paragraph) continue;
    if (!paragraph) {
      paragraph = $createParagraphNode();
      blocks.push(paragraph);
    }
    paragraph.append(node);
  }
  return blocks;
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
