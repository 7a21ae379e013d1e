/**
 * HTML of a rich text, written from its Lexical state. The output holds only what the
 * server's allow-list keeps (services/guidelines/sanitize.go), so what the author sees is
 * what readers get: headings h2–h4, paragraphs, strong/em/u/s/sub/sup, lists, links and tables
 * with header cells and spans; an extension writes the nodes of its own (a guideline's figures,
 * videos, footnotes and lookup tables). Styles, classes and anything pasted beyond that are dropped.
 */
import { $isLinkNode } from '@lexical/link';
import { $isListItemNode, $isListNode, type ListNode } from '@lexical/list';
import { $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $isTableCellNode, $isTableNode, $isTableRowNode, TableCellHeaderStates, type TableCellNode, type TableNode } from '@lexical/table';
import {
  $getRoot,
  $isDecoratorNode,
  $isElementNode,
  $isLineBreakNode,
  $isParagraphNode,
  $isTabNode,
  $isTextNode,
  type ElementNode,
  type LexicalNode,
  type TextNode,
} from 'lexical';
import { normalizeLink } from './links';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
/**
 * Escapes text for element content and attribute values, spelled as the server's sanitiser
 * writes it (Go's html.EscapeString), so that the stored HTML is exactly the HTML written here.
 */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
const escapeText = escapeHtml;
const escapeAttr = escapeHtml;

/** Writes the nodes a rich text has beyond the common ones; null for a node not of its own. */
export interface HtmlExtension {
  inline?: (node: LexicalNode) => string | null;
  block?: (node: LexicalNode) => string | null;
}

type Ctx = HtmlExtension;

const FORMATS: [Parameters<TextNode['hasFormat']>[0], string][] = [
  ['bold', 'strong'],
  ['italic', 'em'],
  ['underline', 'u'],
  ['strikethrough', 's'],
  ['subscript', 'sub'],
  ['superscript', 'sup'],
  ['code', 'code'],
  ['highlight', 'mark'],
];

function alignStyle(node: ElementNode): string {
  const format = node.getFormatType();
  const align = format === 'end' ? 'right' : format;
  return align === 'center' || align === 'right' || align === 'justify' ? ` style="text-align: ${align}"` : '';
}

function text(node: TextNode): string {
  let html = escapeText(node.getTextContent());
  if (!html) return '';
  for (const [format, tag] of [...FORMATS].reverse()) {
    // sub and sup exclude each other; superscript wins as Lexical does
    if (format === 'subscript' && node.hasFormat('superscript')) continue;
    if (node.hasFormat(format)) html = `<${tag}>${html}</${tag}>`;
  }
  return html;
}

function inline(nodes: LexicalNode[], ctx: Ctx): string {
  return nodes.map((n) => inlineNode(n, ctx)).join('');
}

function inlineNode(node: LexicalNode, ctx: Ctx): string {
  if ($isTextNode(node)) return $isTabNode(node) ? ' ' : text(node);
  if ($isLineBreakNode(node)) return '<br>';
  const own = ctx.inline?.(node);
  if (own != null) return own;
  if ($isLinkNode(node)) {
    const inner = inline(node.getChildren(), ctx);
    const href = normalizeLink(node.getURL());
    if (!href) return inner;
    // outside links open apart and pass no referrer: the sanitiser adds this anyway, in this order
    const external = /^https?:\/\//i.test(href) ? ' target="_blank" rel="noreferrer noopener"' : '';
    return `<a href="${escapeAttr(href)}"${external}>${inner}</a>`;
  }
  if ($isElementNode(node)) return inline(node.getChildren(), ctx);
  return '';
}

function list(node: ListNode, ctx: Ctx): string {
  const ordered = node.getListType() === 'number';
  const tag = ordered ? 'ol' : 'ul';
  const start = ordered && node.getStart() !== 1 ? ` start="${node.getStart()}"` : '';
  const items: { open: string; inner: string }[] = [];
  for (const child of node.getChildren()) {
    if (!$isListItemNode(child)) continue;
    const kids = child.getChildren();
    const nestedOnly = kids.length > 0 && kids.every((k) => $isListNode(k));
    const inner = kids.map((k) => ($isListNode(k) ? list(k, ctx) : inlineNode(k, ctx))).join('');
    // Lexical keeps a nested list in an item of its own; readers expect it inside the item above.
    if (nestedOnly && items.length > 0) items[items.length - 1].inner += inner;
    else items.push({ open: `<li${alignStyle(child)}>`, inner });
  }
  return `<${tag}${start}>${items.map((i) => `${i.open}${i.inner}</li>`).join('')}</${tag}>`;
}

function cell(node: TableCellNode, ctx: Ctx): string {
  const header = node.hasHeaderState(TableCellHeaderStates.ROW) || node.hasHeaderState(TableCellHeaderStates.COLUMN);
  const scope = node.hasHeaderState(TableCellHeaderStates.ROW) ? 'col' : 'row';
  const tag = header ? 'th' : 'td';
  const span = (name: string, n: number) => (n > 1 ? ` ${name}="${Math.min(n, 99)}"` : '');
  const blocks = node.getChildren();
  let inner: string;
  let align = '';
  if (blocks.length === 1 && $isParagraphNode(blocks[0])) {
    align = alignStyle(blocks[0]);
    inner = inline(blocks[0].getChildren(), ctx);
  } else {
    inner = blocks.map((b) => block(b, ctx)).join('');
  }
  return `<${tag}${header ? ` scope="${scope}"` : ''}${span('colspan', node.getColSpan())}${span('rowspan', node.getRowSpan())}${align}>${inner}</${tag}>`;
}

function table(node: TableNode, ctx: Ctx): string {
  const rows = node.getChildren().filter($isTableRowNode);
  const rowHtml = (r: (typeof rows)[number]) => `<tr>${r.getChildren().filter($isTableCellNode).map((c) => cell(c, ctx)).join('')}</tr>`;
  const isHeaderRow = (r: (typeof rows)[number]) => {
    const cells = r.getChildren().filter($isTableCellNode);
    return cells.length > 0 && cells.every((c) => c.hasHeaderState(TableCellHeaderStates.ROW));
  };
  let head = 0;
  while (head < rows.length - 1 && isHeaderRow(rows[head])) head++;
  const thead = head > 0 ? `<thead>${rows.slice(0, head).map(rowHtml).join('')}</thead>` : '';
  return `<table>${thead}<tbody>${rows.slice(head).map(rowHtml).join('')}</tbody></table>`;
}

function block(node: LexicalNode, ctx: Ctx): string {
  if ($isParagraphNode(node)) {
    const inner = inline(node.getChildren(), ctx);
    return inner ? `<p${alignStyle(node)}>${inner}</p>` : '';
  }
  if ($isHeadingNode(node)) {
    const level = Math.min(4, Math.max(2, Number(node.getTag().slice(1))));
    return `<h${level}${alignStyle(node)}>${inline(node.getChildren(), ctx)}</h${level}>`;
  }
  if ($isQuoteNode(node)) return `<blockquote>${inline(node.getChildren(), ctx)}</blockquote>`;
  if ($isListNode(node)) return list(node, ctx);
  if ($isTableNode(node)) return table(node, ctx);
  const own = ctx.block?.(node);
  if (own != null) return own;
  if ($isDecoratorNode(node)) return '';
  if ($isElementNode(node)) {
    // an inline node where a block belongs (e.g. a footnote at the root): wrap it
    const inner = node.isInline() ? inlineNode(node, ctx) : node.getChildren().map((c) => block(c, ctx)).join('');
    return node.isInline() && inner ? `<p>${inner}</p>` : inner;
  }
  const inner = inlineNode(node, ctx);
  return inner ? `<p>${inner}</p>` : '';
}

/** HTML of the active editor state (call inside read or update), with the nodes of an extension. */
export function $exportHtml(extension: HtmlExtension = {}): string {
  return $getRoot()
    .getChildren()
    .map((n) => block(n, extension))
    .join('');
}
