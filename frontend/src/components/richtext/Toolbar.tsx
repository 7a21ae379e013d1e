import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { $createLinkNode, $isLinkNode, $toggleLink } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $isHeadingNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import {
  $createTableNodeWithDimensions,
  $deleteTableColumnAtSelection,
  $deleteTableRowAtSelection,
  $findTableNode,
  $insertTableColumnAtSelection,
  $insertTableRowAtSelection,
  $isTableCellNode,
  $isTableRowNode,
  $isTableSelection,
  $setTableRowIsHeader,
  TableCellHeaderStates,
  type TableNode,
} from '@lexical/table';
import { $findMatchingParent, $getNearestNodeOfType, $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isElementNode,
  $isParagraphNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $setSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type BaseSelection,
  type ElementFormatType,
  type LexicalEditor,
  type LexicalNode,
  type TextFormatType,
} from 'lexical';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorIcon, type EditorIconName } from './EditorIcon';
import { LinkDialog, type LinkDialogProps } from './LinkDialog';
import { TableDialog, type TableSize } from './TableDialog';

/** Characters guidelines often need and keyboards lack. */
export const SPECIAL_CHARACTERS = [
  '±', '≤', '≥', '<', '>', '≈', '≠', '×', '÷', '·', 'µ', '°', '‰', '%', '½', '¼', '¾', '²', '³', '⁻¹',
  '→', '←', '↑', '↓', '↔', '⇒', 'α', 'β', 'γ', 'δ', 'Δ', 'κ', 'λ', 'σ', 'ω', 'Ω', '∅', '∞', '√', '∑',
  '–', '—', '…', '•', '§', '©', '®', '™', '♀', '♂', '€', 'ℓ',
];

type Block = 'paragraph' | 'h2' | 'h3' | 'h4' | 'bullet' | 'number' | 'other';
type Align = 'left' | 'center' | 'right' | 'justify';
/** The dialogs of the common toolbar; an extension names its own. */
type DialogName = string;

/** A toolbar button or insert-menu entry of an extension: it opens the extension's dialog. */
export interface ToolbarEntry {
  dialog: string;
  icon: EditorIconName;
  label: string;
}

/** What an open dialog of an extension gets from the toolbar. */
export interface ToolbarDialogs {
  /** the open dialog's name, or null */
  dialog: string | null;
  /** for the dialogs' onOpenChange */
  close: (open: boolean) => void;
  /** runs an update where the selection was when the dialog opened */
  insertAtSelection: (fn: () => void) => void;
}

/**
 * What a rich text adds to the common toolbar (paragraphs, headings, formats, lists, alignment,
 * links, tables, special characters): buttons after the table button, entries of the insert menu
 * and the dialogs they open.
 */
export interface ToolbarExtension {
  buttons: ToolbarEntry[];
  menuItems: ToolbarEntry[];
  renderDialogs: (dialogs: ToolbarDialogs) => ReactNode;
  /** where the link dialog uploads a file to link to */
  linkFileField?: LinkDialogProps['fileField'];
}

interface ToolbarState {
  block: Block;
  formats: Record<'bold' | 'italic' | 'underline' | 'strikethrough' | 'subscript' | 'superscript', boolean>;
  align: Align;
  link: string | null;
  collapsed: boolean;
  inTable: boolean;
  headerRow: boolean;
}

const EMPTY_STATE: ToolbarState = {
  block: 'paragraph',
  formats: { bold: false, italic: false, underline: false, strikethrough: false, subscript: false, superscript: false },
  align: 'left',
  link: null,
  collapsed: true,
  inTable: false,
  headerRow: false,
};

function $tableOf(node: LexicalNode | null): TableNode | null {
  const cell = node ? $findMatchingParent(node, $isTableCellNode) : null;
  return cell ? $findTableNode(cell) : null;
}

function $isHeaderRow(table: TableNode): boolean {
  const first = table.getFirstChild();
  if (!$isTableRowNode(first)) return false;
  const cells = first.getChildren().filter($isTableCellNode);
  return cells.length > 0 && cells.every((c) => c.hasHeaderState(TableCellHeaderStates.ROW));
}

/** What the toolbar shows as pressed for the current selection. */
function $readToolbarState(): ToolbarState {
  const selection = $getSelection();
  if ($isTableSelection(selection)) {
    const table = $tableOf(selection.getNodes()[0] ?? null);
    return { ...EMPTY_STATE, inTable: true, headerRow: table ? $isHeaderRow(table) : false };
  }
  if (!$isRangeSelection(selection)) return EMPTY_STATE;
  const anchor = selection.anchor.getNode();
  const top =
    anchor.getKey() === 'root'
      ? null
      : $findMatchingParent(anchor, (n) => {
          const parent = n.getParent();
          return parent !== null && $isRootOrShadowRoot(parent);
        });
  let block: Block = 'other';
  if ($isListNode(top)) {
    const list = $getNearestNodeOfType(anchor, ListNode);
    const type = (list ?? top).getListType();
    block = type === 'number' ? 'number' : 'bullet';
  } else if ($isHeadingNode(top)) {
    const tag = top.getTag();
    block = tag === 'h2' || tag === 'h3' || tag === 'h4' ? tag : 'other';
  } else if (top === null || top.getType() === 'paragraph') block = 'paragraph';
  const nearestBlock = $findMatchingParent(anchor, (n) => $isElementNode(n) && !n.isInline());
  const format: ElementFormatType = $isElementNode(nearestBlock) ? nearestBlock.getFormatType() : '';
  const align: Align = format === 'center' || format === 'right' || format === 'justify' ? format : format === 'end' ? 'right' : 'left';
  const link = $findMatchingParent(anchor, $isLinkNode);
  const table = $tableOf(anchor);
  return {
    block,
    formats: {
      bold: selection.hasFormat('bold'),
      italic: selection.hasFormat('italic'),
      underline: selection.hasFormat('underline'),
      strikethrough: selection.hasFormat('strikethrough'),
      subscript: selection.hasFormat('subscript'),
      superscript: selection.hasFormat('superscript'),
    },
    align,
    link: $isLinkNode(link) ? link.getURL() : null,
    collapsed: selection.isCollapsed(),
    inTable: table !== null,
    headerRow: table ? $isHeaderRow(table) : false,
  };
}

function useToolbarState(editor: LexicalEditor) {
  const [state, setState] = useState<ToolbarState>(() => editor.getEditorState().read($readToolbarState));
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => setState(editorState.read($readToolbarState))),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (v) => {
            setCanUndo(v);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (v) => {
            setCanRedo(v);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor],
  );
  return { state, canUndo, canRedo };
}

/**
 * Arrow keys, Home and End move between the toolbar's controls; Tab enters and leaves the
 * toolbar at the last control used (roving tab index, WAI-ARIA toolbar pattern).
 */
function useRovingFocus() {
  const ref = useRef<HTMLDivElement>(null);
  const current = useRef<string | null>(null);
  useLayoutEffect(() => {
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>('[data-tb]') ?? []);
    const enabled = items.filter((el) => !el.hasAttribute('disabled'));
    const active = enabled.find((el) => el.dataset.tb === current.current) ?? enabled[0];
    for (const el of items) el.tabIndex = el === active ? 0 : -1;
  });
  const onFocus = (e: { target: EventTarget }) => {
    const el = e.target as HTMLElement;
    if (!el.dataset?.tb) return;
    current.current = el.dataset.tb;
    for (const item of Array.from(ref.current?.querySelectorAll<HTMLElement>('[data-tb]') ?? [])) item.tabIndex = item === el ? 0 : -1;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // keys typed in dialogs opened from here bubble through React's tree, not the DOM's
    if (!ref.current?.contains(e.target as Node)) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>('[data-tb]:not([disabled])'));
    const i = items.indexOf(e.target as HTMLElement);
    if (i < 0) return;
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  };
  return { ref, onFocus, onKeyDown };
}

interface ToolButtonProps {
  id: string;
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  shortcut?: string;
  /** keeps the text selection in the editor (formatting buttons) */
  keepFocus?: boolean;
}

function ToolButton({ id, label, pressed, disabled, onClick, children, shortcut, keepFocus = true }: ToolButtonProps) {
  return (
    <button
      type="button"
      data-tb={id}
      className={`ed-tool${pressed ? ' is-on' : ''}`}
      aria-label={label}
      aria-pressed={pressed}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      onMouseDown={keepFocus ? (e) => e.preventDefault() : undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

const Icon = ({ name }: { name: EditorIconName }) => <EditorIcon name={name} />;

const IS_APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = IS_APPLE ? '⌘' : 'Ctrl';

/** Inserts a block element at the selection (splitting the paragraph) with a paragraph after it to write on. */
export function $insertBlockNode(node: LexicalNode) {
  $insertNodeToNearestRoot(node);
  if (node.getNextSibling() === null) node.insertAfter($createParagraphNode());
}

/**
 * Inserts blocks at the selection as blocks of their own, headings and lists kept: an empty
 * paragraph gives way to them, text is split at the caret. The caret goes on after them.
 */
export function $insertBlockNodes(nodes: LexicalNode[]) {
  const [first, ...rest] = nodes;
  if (!first) return;
  const selection = $getSelection();
  const anchor = $isRangeSelection(selection) && selection.isCollapsed() ? selection.anchor.getNode() : null;
  const parent = anchor?.getParent() ?? null;
  if ($isParagraphNode(anchor) && anchor.isEmpty() && parent && $isRootOrShadowRoot(parent)) anchor.replace(first);
  else $insertNodeToNearestRoot(first);
  let last = first;
  for (const node of rest) {
    last.insertAfter(node);
    last = node;
  }
  const next = last.getNextSibling() ?? last.insertAfter($createParagraphNode());
  next.selectStart();
}

/** Restores the selection kept when a dialog opened, or puts the caret at the end of the section. */
function $restoreSelection(saved: BaseSelection | null) {
  if (saved) $setSelection(saved.clone());
  else $getRoot().selectEnd();
}

/** The formatting and insert toolbar of the rich text being edited, with the elements of an extension. */
export function Toolbar({ label, extension }: { label: string; extension?: ToolbarExtension }) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const { state, canUndo, canRedo } = useToolbarState(editor);
  const roving = useRovingFocus();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const saved = useRef<BaseSelection | null>(null);

  const openDialog = useCallback(
    (name: DialogName) => {
      saved.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
      setDialog(name);
    },
    [editor],
  );
  const closeDialog = (open: boolean) => !open && setDialog(null);
  // the dialog chosen in the insert menu opens once the menu has closed, so that the menu
  // does not hand the focus back to its trigger over the dialog's own first field
  const chosen = useRef<DialogName | null>(null);

  /** Runs an insertion where the selection was when the dialog opened. */
  const insertAtSelection = (fn: () => void) => {
    editor.update(() => {
      $restoreSelection(saved.current);
      fn();
    });
  };

  const setBlock = (block: Block) => {
    if (block === 'bullet' || block === 'number') {
      if (state.block === block) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
      else editor.dispatchCommand(block === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
      return;
    }
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection) && !$isTableSelection(selection)) return;
      if (block === 'paragraph' || state.block === block) $setBlocksType(selection, () => $createParagraphNode());
      else if (block === 'h2' || block === 'h3' || block === 'h4') $setBlocksType(selection, () => $createHeadingNode(block));
    });
  };

  const format = (f: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, f);
  const align = (a: Align) => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, a);
  const tableOp = (fn: () => void) => editor.update(fn);

  const handleLink = (href: string, text: string) =>
    insertAtSelection(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const inLink = $findMatchingParent(selection.anchor.getNode(), $isLinkNode);
      if (selection.isCollapsed() && $isLinkNode(inLink)) {
        inLink.setURL(href);
      } else if (selection.isCollapsed()) {
        const link = $createLinkNode(href);
        link.append($createTextNode(text));
        $insertNodes([link]);
      } else {
        $toggleLink(href);
      }
    });

  const handleRemoveLink = () =>
    insertAtSelection(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const link = $findMatchingParent(selection.anchor.getNode(), $isLinkNode);
      if (selection.isCollapsed() && $isLinkNode(link)) {
        for (const child of link.getChildren()) link.insertBefore(child);
        link.remove();
      } else $toggleLink(null);
    });

  const handleTable = ({ rows, columns, headerRow }: TableSize) =>
    insertAtSelection(() => {
      const table = $createTableNodeWithDimensions(rows, columns, { rows: headerRow, columns: false });
      $insertNodeToNearestRoot(table);
      if (table.getNextSibling() === null) table.insertAfter($createParagraphNode());
      table.getFirstDescendant()?.selectStart();
    });

  const insertCharacter = (ch: string) =>
    editor.update(() => {
      if (!$isRangeSelection($getSelection())) $restoreSelection(saved.current);
      const selection = $getSelection();
      if ($isRangeSelection(selection)) selection.insertText(ch);
    });

  const blockButtons: { block: Block; label: string; text: string }[] = [
    { block: 'paragraph', label: t('editor.toolbar.paragraph'), text: '¶' },
    { block: 'h2', label: t('editor.toolbar.heading', { level: 2 }), text: 'H2' },
    { block: 'h3', label: t('editor.toolbar.heading', { level: 3 }), text: 'H3' },
    { block: 'h4', label: t('editor.toolbar.heading', { level: 4 }), text: 'H4' },
  ];
  const formatButtons: { f: keyof ToolbarState['formats']; label: string; text: ReactNode; shortcut?: string }[] = [
    { f: 'bold', label: t('editor.toolbar.bold'), text: <b>B</b>, shortcut: `${MOD}+B` },
    { f: 'italic', label: t('editor.toolbar.italic'), text: <i>I</i>, shortcut: `${MOD}+I` },
    { f: 'underline', label: t('editor.toolbar.underline'), text: <u>U</u>, shortcut: `${MOD}+U` },
    { f: 'strikethrough', label: t('editor.toolbar.strikethrough'), text: <s>S</s> },
    { f: 'subscript', label: t('editor.toolbar.subscript'), text: <span>x<sub>2</sub></span> },
    { f: 'superscript', label: t('editor.toolbar.superscript'), text: <span>x<sup>2</sup></span> },
  ];
  // rare elements, under the insert menu; the selection was kept when the menu opened
  const insertItems = extension?.menuItems ?? [];
  const alignButtons: { a: Align; icon: EditorIconName; label: string }[] = [
    { a: 'left', icon: 'alignLeft', label: t('editor.toolbar.alignLeft') },
    { a: 'center', icon: 'alignCenter', label: t('editor.toolbar.alignCenter') },
    { a: 'right', icon: 'alignRight', label: t('editor.toolbar.alignRight') },
    { a: 'justify', icon: 'alignJustify', label: t('editor.toolbar.alignJustify') },
  ];

  return (
    <div className="ed-toolbar" role="toolbar" aria-label={label} ref={roving.ref} onKeyDown={roving.onKeyDown} onFocus={roving.onFocus}>
      <div className="ed-toolbar__group">
        <ToolButton id="undo" label={t('editor.toolbar.undo')} shortcut={`${MOD}+Z`} disabled={!canUndo} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}>
          <Icon name="undo" />
        </ToolButton>
        <ToolButton id="redo" label={t('editor.toolbar.redo')} shortcut={IS_APPLE ? '⇧⌘Z' : 'Ctrl+Y'} disabled={!canRedo} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}>
          <Icon name="redo" />
        </ToolButton>
      </div>
      <div className="ed-toolbar__group">
        {blockButtons.map((b) => (
          <ToolButton key={b.block} id={b.block} label={b.label} pressed={state.block === b.block} onClick={() => setBlock(b.block)}>
            <span className="ed-tool__text">{b.text}</span>
          </ToolButton>
        ))}
      </div>
      <div className="ed-toolbar__group">
        {formatButtons.map((b) => (
          <ToolButton key={b.f} id={b.f} label={b.label} shortcut={b.shortcut} pressed={state.formats[b.f]} onClick={() => format(b.f)}>
            <span className="ed-tool__text">{b.text}</span>
          </ToolButton>
        ))}
      </div>
      <div className="ed-toolbar__group">
        <ToolButton id="bullet" label={t('editor.toolbar.bulletList')} pressed={state.block === 'bullet'} onClick={() => setBlock('bullet')}>
          <Icon name="listBullet" />
        </ToolButton>
        <ToolButton id="number" label={t('editor.toolbar.numberedList')} pressed={state.block === 'number'} onClick={() => setBlock('number')}>
          <Icon name="listNumber" />
        </ToolButton>
      </div>
      <div className="ed-toolbar__group">
        {alignButtons.map((b) => (
          <ToolButton key={b.a} id={`align-${b.a}`} label={b.label} pressed={state.align === b.a} onClick={() => align(b.a)}>
            <Icon name={b.icon} />
          </ToolButton>
        ))}
      </div>
      <div className="ed-toolbar__group">
        <ToolButton id="link" label={t('editor.toolbar.link')} pressed={state.link !== null} keepFocus={false} onClick={() => openDialog('link')}>
          <Icon name="link" />
        </ToolButton>
        <ToolButton id="table" label={t('editor.toolbar.table')} keepFocus={false} onClick={() => openDialog('table')}>
          <Icon name="table" />
        </ToolButton>
        {extension?.buttons.map((b) => (
          <ToolButton key={b.dialog} id={b.dialog} label={b.label} keepFocus={false} onClick={() => openDialog(b.dialog)}>
            <Icon name={b.icon} />
          </ToolButton>
        ))}
        <DropdownMenu.Root
          onOpenChange={(open) => {
            if (open) saved.current = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
          }}
        >
          <DropdownMenu.Trigger data-tb="insert" className="ed-tool ed-tool--menu" title={t('editor.toolbar.insertHint')}>
            <span className="ed-tool__text">{t('editor.toolbar.insert')}</span>
            <span aria-hidden="true" className="ed-tool__chevron">▾</span>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              className="menu"
              align="end"
              sideOffset={6}
              onCloseAutoFocus={(e) => {
                if (!chosen.current) return;
                e.preventDefault();
                setDialog(chosen.current);
                chosen.current = null;
              }}
            >
              {insertItems.map((item) => (
                <DropdownMenu.Item key={item.dialog} className="menu__item" onSelect={() => (chosen.current = item.dialog)}>
                  <Icon name={item.icon} /> {item.label}
                </DropdownMenu.Item>
              ))}
              <DropdownMenu.Sub>
                <DropdownMenu.SubTrigger className="menu__item">
                  <span className="ed-tool__text" aria-hidden="true">Ω</span> {t('editor.toolbar.specialCharacters')}
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent className="menu ed-chars" sideOffset={4} aria-label={t('editor.toolbar.specialCharacters')}>
                    {SPECIAL_CHARACTERS.map((ch) => (
                      <DropdownMenu.Item key={ch} className="ed-chars__item" aria-label={ch} onSelect={() => insertCharacter(ch)}>
                        {ch}
                      </DropdownMenu.Item>
                    ))}
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
      {state.inTable && (
        <div className="ed-toolbar__group ed-toolbar__group--table" role="group" aria-label={t('editor.table.tools')}>
          <ToolButton id="row-above" label={t('editor.table.rowAbove')} onClick={() => tableOp(() => void $insertTableRowAtSelection(false))}>
            <Icon name="rowAbove" />
          </ToolButton>
          <ToolButton id="row-below" label={t('editor.table.rowBelow')} onClick={() => tableOp(() => void $insertTableRowAtSelection(true))}>
            <Icon name="rowBelow" />
          </ToolButton>
          <ToolButton id="col-left" label={t('editor.table.columnLeft')} onClick={() => tableOp(() => void $insertTableColumnAtSelection(false))}>
            <Icon name="colLeft" />
          </ToolButton>
          <ToolButton id="col-right" label={t('editor.table.columnRight')} onClick={() => tableOp(() => void $insertTableColumnAtSelection(true))}>
            <Icon name="colRight" />
          </ToolButton>
          <ToolButton id="row-delete" label={t('editor.table.deleteRow')} onClick={() => tableOp(() => $deleteTableRowAtSelection())}>
            <Icon name="rowDelete" />
          </ToolButton>
          <ToolButton id="col-delete" label={t('editor.table.deleteColumn')} onClick={() => tableOp(() => $deleteTableColumnAtSelection())}>
            <Icon name="colDelete" />
          </ToolButton>
          <ToolButton
            id="header-row"
            label={t('editor.table.headerRow')}
            pressed={state.headerRow}
            onClick={() =>
              tableOp(() => {
                const selection = $getSelection();
                const node = $isRangeSelection(selection) ? selection.anchor.getNode() : $isTableSelection(selection) ? (selection.getNodes()[0] ?? null) : null;
                const table = $tableOf(node);
                if (table) $setTableRowIsHeader(table, 0, !$isHeaderRow(table));
              })
            }
          >
            <Icon name="headerRow" />
          </ToolButton>
          <ToolButton
            id="table-delete"
            label={t('editor.table.delete')}
            onClick={() =>
              tableOp(() => {
                const selection = $getSelection();
                const node = $isRangeSelection(selection) ? selection.anchor.getNode() : $isTableSelection(selection) ? (selection.getNodes()[0] ?? null) : null;
                const table = $tableOf(node);
                if (!table) return;
                const after = table.getNextSibling() ?? table.getPreviousSibling();
                table.remove();
                if (after) after.selectStart();
                else $getRoot().append($createParagraphNode()).selectEnd();
              })
            }
          >
            <Icon name="tableDelete" />
          </ToolButton>
        </div>
      )}

      <LinkDialog
        open={dialog === 'link'}
        onOpenChange={closeDialog}
        initialUrl={state.link ?? ''}
        needsText={state.collapsed && state.link === null}
        onSubmit={handleLink}
        onRemove={state.link !== null ? handleRemoveLink : undefined}
        fileField={extension?.linkFileField}
      />
      <TableDialog open={dialog === 'table'} onOpenChange={closeDialog} onSubmit={handleTable} />
      {extension?.renderDialogs({ dialog, close: closeDialog, insertAtSelection })}
    </div>
  );
}
