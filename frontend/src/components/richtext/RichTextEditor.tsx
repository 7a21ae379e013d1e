import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { TablePlugin } from '@lexical/react/LexicalTablePlugin';
import type { EditorState, Klass, LexicalEditor, LexicalNode } from 'lexical';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { richTextTheme } from './config';
import { normalizeLink } from './links';
import './richtext.css';

interface RichTextEditorProps {
  /** Lexical's namespace of the editor (copy and paste between editors of one kind) */
  namespace: string;
  nodes: Klass<LexicalNode>[];
  /** fills the editor once, when it starts (inside update) */
  load: (editor: LexicalEditor) => void;
  /** accessible name of the text */
  label: string;
  placeholder: string;
  readOnly: boolean;
  /** shown above the text while it is edited (Toolbar, with or without an extension) */
  toolbar?: ReactNode;
  /** wraps the editor's frame, e.g. in a provider its nodes need */
  frame?: ComponentType<{ children: ReactNode }>;
  /** shown under the text, inside the frame */
  footer?: ReactNode;
  onFocus?: () => void;
  onChange: (state: EditorState) => void;
  onReady?: (editor: LexicalEditor | null) => void;
}

/** Hands the editor to the page (to read its state when saving) and takes it back on unmount. */
function EditorHandle({ onReady }: { onReady: (editor: LexicalEditor | null) => void }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    onReady(editor);
    return () => onReady(null);
  }, [editor, onReady]);
  return null;
}

/** Keeps the editor's editable flag in step with the page (read-only after a 409, for example). */
function EditableSync({ readOnly }: { readOnly: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(!readOnly), [editor, readOnly]);
  return null;
}

const Plain = ({ children }: { children: ReactNode }) => children;

/**
 * A Lexical rich text (paragraphs, headings, formats, lists, links, tables) as guideline sections
 * and public documents are written; its HTML comes from html.ts.
 */
export function RichTextEditor({ namespace, nodes, load, label, placeholder, readOnly, toolbar, frame: Frame = Plain, footer, onFocus, onChange, onReady }: RichTextEditorProps) {
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace,
    nodes,
    theme: richTextTheme,
    editable: !readOnly,
    onError: (error: Error) => {
      // a broken node must not take the page down; Lexical recovers to the last good state
      console.error(error);
    },
    editorState: load,
  }));

  return (
    <LexicalComposer initialConfig={initialConfig}>
      {onReady && <EditorHandle onReady={onReady} />}
      <EditableSync readOnly={readOnly} />
      <Frame>
        <div className={`ed-section-editor${toolbar && !readOnly ? ' is-active' : ''}`} onFocus={onFocus}>
          {!readOnly && toolbar}
          <div className="ed-surface">
            <RichTextPlugin
              contentEditable={<ContentEditable className="ed-content" aria-label={label} aria-placeholder={placeholder} placeholder={<div className="ed-placeholder">{placeholder}</div>} />}
              ErrorBoundary={LexicalErrorBoundary}
            />
          </div>
          {footer}
        </div>
      </Frame>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={(url) => normalizeLink(url) !== null} />
      <TablePlugin hasCellBackgroundColor={false} hasTabHandler hasHorizontalScroll />
      <OnChangePlugin ignoreSelectionChange onChange={onChange} />
    </LexicalComposer>
  );
}
