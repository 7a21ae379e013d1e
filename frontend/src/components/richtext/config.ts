/** The rich-text core shared by guideline sections and public documents: nodes, look, HTML import. */
import { $generateNodesFromDOM } from '@lexical/html';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode } from '@lexical/rich-text';
import { TableCellNode, TableNode, TableRowNode } from '@lexical/table';
import { $createParagraphNode, $getRoot, $isDecoratorNode, $isElementNode, $isTextNode, type EditorThemeClasses, type Klass, type LexicalEditor, type LexicalNode } from 'lexical';

/** Node types of every rich text: headings, lists, links and tables. */
export const richTextNodes: Klass<LexicalNode>[] = [HeadingNode, ListNode, ListItemNode, LinkNode, TableNode, TableRowNode, TableCellNode];

/** Class names of the editing surface (richtext.css). */
export const richTextTheme: EditorThemeClasses = {
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
 * Nodes of a parsed HTML document (inside update), as top-level blocks: inline content is
 * gathered into paragraphs.
 */
export function $nodesFromDocument(editor: LexicalEditor, doc: Document): LexicalNode[] {
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

/** Fills the active editor state (inside update) from stored HTML; empty HTML gets one paragraph. */
export function $loadHtml(editor: LexicalEditor, html: string): void {
  const root = $getRoot();
  root.clear();
  if (html.trim()) {
    const nodes = $nodesFromDocument(editor, new DOMParser().parseFromString(html, 'text/html'));
    if (nodes.length > 0) root.append(...nodes);
  }
  if (root.isEmpty()) root.append($createParagraphNode());
}
