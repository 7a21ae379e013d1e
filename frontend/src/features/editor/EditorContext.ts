import { createContext, useContext } from 'react';

/** What the parts of the editor (toolbar, dialogs, blocks inside sections) need to know of the page. */
export interface EditorPageContext {
  guidelineId: number;
  language: string;
  readOnly: boolean;
}

export const EditorContext = createContext<EditorPageContext>({ guidelineId: 0, language: 'de', readOnly: true });

export const useEditorPage = () => useContext(EditorContext);
