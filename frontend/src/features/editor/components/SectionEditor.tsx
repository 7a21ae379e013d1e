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
import type { LexicalEditor } from 'lexical';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $loadSection, editorNodes, editorTheme } from '../editorConfig';
import { normalizeLink } from '../links';
import { FootnoteList, FootnoteProvider } from './FootnotePlugin';
import { Toolbar } from './Toolbar';

interface SectionEditorProps {
  /** the editor state and HTML the section opens with (read once) */
  rawContent: string;
  content: string;
  /** accessible name of the text, e.g. "Text of section 2" */
  label: string;
  toolbarLabel: string;
  readOnly: boolean;
  /** whether this section shows the toolbar (the one last focused) */
  active: boolean;
  onFocus: () => void;
  onChange: () => void;
  onReady: (editor: LexicalEditor | null) => void;
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

/** The rich text of one section: a Lexical editor with its toolbar and its collected footnotes. */
export function SectionEditor({ rawContent, content, label, toolbarLabel, readOnly, active, onFocus, onChange, onReady }: SectionEditorProps) {
  const { t } = useTranslation();
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: 'vademecum-section',
    nodes: editorNodes,
    theme: editorTheme,
    editable: !readOnly,
    onError: (error: Error) => {
      // a broken node must not take the page down; Lexical recovers to the last good state
      console.error(error);
    },
    editorState: (editor: LexicalEditor) => $loadSection(editor, rawContent, content),
  }));

  return (
    <LexicalComposer initialConfig={initialConfig}>
      <EditorHandle onReady={onReady} />
      <EditableSync readOnly={readOnly} />
      <FootnoteProvider>
        <div className={`ed-section-editor${active && !readOnly ? ' is-active' : ''}`} onFocus={onFocus}>
          {active && !readOnly && <Toolbar label={toolbarLabel} />}
          <div className="ed-surface">
            <RichTextPlugin
              contentEditable={
                <ContentEditable
                  className="ed-content"
                  aria-label={label}
                  aria-placeholder={t('editor.section.placeholder')}
                  placeholder={<div className="ed-placeholder">{t('editor.section.placeholder')}</div>}
                />
              }
              ErrorBoundary={LexicalErrorBoundary}
            />
          </div>
          <FootnoteList readOnly={readOnly} />
        </div>
      </FootnoteProvider>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={(url) => normalizeLink(url) !== null} />
      <TablePlugin hasCellBackgroundColor={false} hasTabHandler hasHorizontalScroll />
      <OnChangePlugin ignoreSelectionChange onChange={onChange} />
    </LexicalComposer>
  );
}
