import type { LexicalEditor } from 'lexical';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '@/components/richtext/RichTextEditor';
import { $loadSection, editorNodes } from '../editorConfig';
import { FootnoteList, FootnoteProvider } from './FootnotePlugin';
import { GuidelineToolbar } from './GuidelineToolbar';

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

/** The rich text of one section: the common editor with the guideline's toolbar and its collected footnotes. */
export function SectionEditor({ rawContent, content, label, toolbarLabel, readOnly, active, onFocus, onChange, onReady }: SectionEditorProps) {
  const { t } = useTranslation();
  return (
    <RichTextEditor
      namespace="vademecum-section"
      nodes={editorNodes}
      load={(editor) => $loadSection(editor, rawContent, content)}
      label={label}
      placeholder={t('editor.section.placeholder')}
      readOnly={readOnly}
      toolbar={active ? <GuidelineToolbar label={toolbarLabel} /> : undefined}
      frame={FootnoteProvider}
      footer={<FootnoteList readOnly={readOnly} />}
      onFocus={onFocus}
      onChange={onChange}
      onReady={onReady}
    />
  );
}
