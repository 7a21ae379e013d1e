import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getSelection, $insertNodes, $isRangeSelection } from 'lexical';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkFileFieldProps } from '@/components/richtext/LinkDialog';
import { $insertBlockNode, $insertBlockNodes, Toolbar, type ToolbarExtension } from '@/components/richtext/Toolbar';
import type { Template } from '@/lib/api-types.gen';
import { $sectionNodesFromHtml } from '../editorConfig';
import { useEditorPage } from '../EditorContext';
import { useAttachFile } from '../hooks/useAttachFile';
import { $createFootnoteNode } from '../nodes/FootnoteNode';
import { $createImageNode } from '../nodes/ImageNode';
import { $createLookupTableNode } from '../nodes/LookupTableNode';
import { $createVideoNode } from '../nodes/VideoNode';
import { FileField } from './dialogs/FileField';
import { FootnoteDialog } from './dialogs/FootnoteDialog';
import { ImageDialog } from './dialogs/ImageDialog';
import { InsertTemplateDialog } from './dialogs/InsertTemplateDialog';
import { LookupTableDialog } from './dialogs/LookupTableDialog';
import { VideoDialog } from './dialogs/VideoDialog';

/** Files a link may point at: documents and media the server takes. */
const LINK_ACCEPT = '.pdf,.docx,.xlsx,.pptx,.png,.jpg,.jpeg,.gif,.webp,.mp4,.webm';

/** The link dialog's upload: the file is attached to the guideline being edited. */
function GuidelineLinkFileField({ uploaded, onUploaded, onPendingChange }: LinkFileFieldProps) {
  const { t } = useTranslation();
  const { guidelineId } = useEditorPage();
  const files = useAttachFile(guidelineId);
  useEffect(() => onPendingChange(files.pending), [files.pending, onPendingChange]);
  const handleFile = async (file: File) => {
    const done = await files.attach(file);
    if (done) onUploaded(done.url, done.name);
  };
  return <FileField label={t('editor.link.file')} accept={LINK_ACCEPT} hint={t('editor.link.fileHint')} pending={files.pending} error={files.error} uploaded={uploaded} onFile={(f) => void handleFile(f)} />;
}

/** What a guideline section adds to the common toolbar: images, footnotes, lookup tables, templates, videos and uploads. */
function useGuidelineToolbar(): ToolbarExtension {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  return {
    buttons: [{ dialog: 'image', icon: 'image', label: t('editor.toolbar.image') }],
    menuItems: [
      { dialog: 'footnote', icon: 'footnote', label: t('editor.toolbar.footnote') },
      { dialog: 'lookup', icon: 'lookup', label: t('editor.toolbar.lookupTable') },
      { dialog: 'template', icon: 'template', label: t('editor.toolbar.template') },
      { dialog: 'video', icon: 'video', label: t('editor.toolbar.video') },
    ],
    linkFileField: GuidelineLinkFileField,
    renderDialogs: ({ dialog, close, insertAtSelection }) => {
      const handleFootnote = (text: string) =>
        insertAtSelection(() => {
          const selection = $getSelection();
          if ($isRangeSelection(selection) && !selection.isCollapsed()) {
            const end = selection.isBackward() ? selection.anchor : selection.focus;
            selection.anchor.set(end.key, end.offset, end.type);
            selection.focus.set(end.key, end.offset, end.type);
          }
          $insertNodes([$createFootnoteNode(text)]);
        });
      // the template's HTML is read as a stored section is (footnotes, table headers)
      const handleTemplate = (template: Template) => insertAtSelection(() => $insertBlockNodes($sectionNodesFromHtml(editor, template.content)));
      return (
        <>
          <FootnoteDialog open={dialog === 'footnote'} onOpenChange={close} initialText="" onSubmit={handleFootnote} />
          <ImageDialog open={dialog === 'image'} onOpenChange={close} onSubmit={(p) => insertAtSelection(() => $insertBlockNode($createImageNode(p)))} />
          <VideoDialog open={dialog === 'video'} onOpenChange={close} onSubmit={(v) => insertAtSelection(() => $insertBlockNode($createVideoNode(v)))} />
          <InsertTemplateDialog open={dialog === 'template'} onOpenChange={close} onInsert={handleTemplate} />
          <LookupTableDialog open={dialog === 'lookup'} onOpenChange={close} onSubmit={(s, d) => insertAtSelection(() => $insertBlockNode($createLookupTableNode(s, d)))} />
        </>
      );
    },
  };
}

/** The toolbar of the section being edited: the common one with the guideline's elements. */
export function GuidelineToolbar({ label }: { label: string }) {
  return <Toolbar label={label} extension={useGuidelineToolbar()} />;
}
