import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $dfs } from '@lexical/utils';
import { $getNodeByKey, $getRoot, type LexicalEditor, type NodeKey } from 'lexical';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { $isFootnoteNode } from '../nodes/FootnoteNode';
import { FootnoteDialog } from './dialogs/FootnoteDialog';

/** The footnotes of one section in the order of their references. */
export interface FootnoteEntry {
  key: NodeKey;
  n: number;
  text: string;
}

const FootnotesContext = createContext<FootnoteEntry[]>([]);

/** Number of the footnote reference with this key (1-based; 0 while unknown). */
export const useFootnoteNumber = (key: NodeKey) => useContext(FootnotesContext).find((f) => f.key === key)?.n ?? 0;

function readFootnotes(editor: LexicalEditor): FootnoteEntry[] {
  return editor.getEditorState().read(() => {
    const out: FootnoteEntry[] = [];
    for (const { node } of $dfs($getRoot())) {
      if ($isFootnoteNode(node)) out.push({ key: node.getKey(), n: out.length + 1, text: node.getText() });
    }
    return out;
  });
}

const same = (a: FootnoteEntry[], b: FootnoteEntry[]) => a.length === b.length && a.every((f, i) => f.key === b[i].key && f.text === b[i].text);

/** Numbers the footnote references of a section as they are edited and provides the numbers to them. */
export function FootnoteProvider({ children }: { children: ReactNode }) {
  const [editor] = useLexicalComposerContext();
  const [notes, setNotes] = useState<FootnoteEntry[]>(() => readFootnotes(editor));
  useEffect(
    () =>
      editor.registerUpdateListener(() => {
        const next = readFootnotes(editor);
        setNotes((prev) => (same(prev, next) ? prev : next));
      }),
    [editor],
  );
  return <FootnotesContext.Provider value={notes}>{children}</FootnotesContext.Provider>;
}

/** The footnotes collected at the end of the section, as readers will see them, each editable. */
export function FootnoteList({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const notes = useContext(FootnotesContext);
  const [editing, setEditing] = useState<FootnoteEntry | null>(null);
  if (notes.length === 0) return null;
  return (
    <div className="ed-footnotes">
      <p className="ed-footnotes__title">{t('editor.footnote.list')}</p>
      <ol>
        {notes.map((f) => (
          <li key={f.key}>
            <span>{f.text}</span>
            {!readOnly && (
              <button type="button" className="btn btn--ghost btn--small" aria-label={t('editor.footnote.editN', { n: f.n })} onClick={() => setEditing(f)}>
                {t('common.edit')}
              </button>
            )}
          </li>
        ))}
      </ol>
      <FootnoteDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        number={editing?.n}
        initialText={editing?.text ?? ''}
        onSubmit={(text) => editing && editor.update(() => updateFootnote(editing.key, text))}
        onRemove={() => editing && editor.update(() => $getNodeByKey(editing.key)?.remove())}
      />
    </div>
  );
}

function updateFootnote(key: NodeKey, text: string) {
  const node = $getNodeByKey(key);
  if ($isFootnoteNode(node)) node.setText(text);
}
