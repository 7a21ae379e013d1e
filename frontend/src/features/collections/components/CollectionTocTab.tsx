import { useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { Loader } from '@/components/Loader';
import { QueryErrorPage } from '@/components/QueryErrorPage';
import { LanguageBadge } from '@/components/StateChips';
import { ApiError } from '@/lib/api';
import { showSnackbar } from '@/lib/snackbar';
import type { FullToc, Folder as TocFolder, TocGuidelineEntry, Item as TocItem } from '@/lib/api-types.gen';
import { useCreateCollectionToc } from '../api/createCollectionToc';
import { useFullToc } from '../api/getFullToc';
import { getTocLinkInfo } from '../api/getTocLinkInfo';
import { useUpdateToc } from '../api/updateToc';
import { addNode, folderPaths, moveNode, moveSibling, newNodeId, parseGuidelineLink, placedGuidelines, removeNode, renameNode } from '../tocTree';
import '../toc-editor.css';

/** The table of contents of a collection (/collections/{id}/toc), for its administrators. */
export function CollectionTocTab({ collectionId }: { collectionId: number }) {
  const toc = useFullToc(collectionId);
  if (toc.isError) return <QueryErrorPage error={toc.error} />;
  if (toc.isPending) return <Loader />;
  return <TocEditor key={`${toc.data.id}`} collectionId={collectionId} saved={toc.data} />;
}

/** The server's error about one node: its id and message key. */
interface NodeError {
  id: string;
  message: string;
}

const DRAG_TYPE = 'application/x-vademecum-toc';

function TocEditor({ collectionId, saved }: { collectionId: number; saved: FullToc }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<TocFolder>(saved.tree);
  const [dirty, setDirty] = useState(false);
  const [target, setTarget] = useState(saved.tree.id);
  const [folderName, setFolderName] = useState('');
  const [linkName, setLinkName] = useState('');
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [nodeError, setNodeError] = useState<NodeError | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const update = useUpdateToc(collectionId);
  const create = useCreateCollectionToc(collectionId);

  // every guideline of the collection the editor knows: the unsorted ones and those placed when loaded
  const known = new Map<number, TocGuidelineEntry>();
  for (const g of saved.unsortedGuidelines) known.set(g.glid, g);
  const collect = (f: TocFolder) => {
    for (const it of f.items) {
      if (it.type === 'guideline' && it.glid) known.set(it.glid, { glid: it.glid, title: it.title ?? '', language: it.language, languages: it.languages ?? [] });
    }
    f.folders.forEach(collect);
  };
  collect(saved.tree);
  const placed = placedGuidelines(tree);
  const unsorted = [...known.values()].filter((g) => !placed.has(g.glid)).sort((a, b) => a.title.localeCompare(b.title));
  const folders = folderPaths(tree, saved.collectionTitle);
  const targetId = folders.some((f) => f.id === target) ? target : tree.id;

  const change = (next: TocFolder) => {
    setTree(next);
    setDirty(true);
    setNodeError(null);
    setSaveError(null);
  };

  const guidelineItem = (g: TocGuidelineEntry): TocItem => ({
    id: newNodeId('g'),
    name: '',
    type: 'guideline',
    glid: g.glid,
    language: g.language,
    link: '',
    title: g.title,
    languages: g.languages,
  });

  const handleAddFolder = (e: FormEvent) => {
    e.preventDefault();
    const name = folderName.trim();
    if (!name) return;
    change(addNode(tree, targetId, { folder: { id: newNodeId('f'), name, folders: [], items: [] } }));
    setFolderName('');
  };

  const handleAddLink = async (e: FormEvent) => {
    e.preventDefault();
    setLinkError(null);
    let info;
    try {
      info = await getTocLinkInfo(linkUrl.trim());
    } catch {
      setLinkError(t('error.somethingWrong'));
      return;
    }
    const guideline = info.type === 'guideline' ? parseGuidelineLink(info.normalized) : null;
    if (guideline) {
      change(addNode(tree, targetId, { item: { id: newNodeId('l'), name: linkName.trim(), type: 'guidelineLink', glid: guideline.glid, language: guideline.language, link: '', title: info.title } }));
    } else if (info.type === 'web' && /^https?:\/\//i.test(info.normalized) && linkName.trim()) {
      change(addNode(tree, targetId, { item: { id: newNodeId('l'), name: linkName.trim(), type: 'externalLink', link: linkUrl.trim(), language: '' } }));
    } else {
      setLinkError(info.type === 'web' && !linkName.trim() ? t('toc.editor.nameRequired') : t('toc.editor.invalidUrl'));
      return;
    }
    setLinkName('');
    setLinkUrl('');
  };

  const handleError = (err: unknown) => {
    if (err instanceof ApiError) {
      const id = typeof err.params.id === 'string' ? err.params.id : '';
      const message = t(`toc.error.${err.message.replace(/^toc\./, '')}`, { defaultValue: t('toc.error.invalid') });
      if (id) setNodeError({ id, message });
      setSaveError(message);
      return;
    }
    setSaveError(t('error.somethingWrong'));
  };

  const handleSave = () =>
    update.mutate(tree, {
      onSuccess: () => {
        setDirty(false);
        showSnackbar(t('toc.editor.saved'));
      },
      onError: handleError,
    });

  const handleCreate = () => {
    const items = unsorted.map(guidelineItem);
    create.mutate({ ...tree, items: [...tree.items, ...items] }, { onSuccess: () => showSnackbar(t('toc.editor.saved')), onError: handleError });
  };

  const handleDrop = (e: DragEvent, folderId: string, beforeId?: string) => {
    const data = e.dataTransfer.getData(DRAG_TYPE);
    if (!data) return;
    e.preventDefault();
    e.stopPropagation();
    if (data.startsWith('unsorted:')) {
      const g = known.get(Number(data.slice('unsorted:'.length)));
      if (!g) return;
      const item = guidelineItem(g);
      const added = addNode(tree, folderId, { item });
      change(beforeId ? moveNode(added, item.id, folderId, beforeId) : added);
      return;
    }
    if (data !== beforeId) change(moveNode(tree, data, folderId, beforeId));
  };

  const busy = update.isPending || create.isPending;

  return (
    <section className="card toc-editor" aria-labelledby="toc-editor-heading">
      <div className="card__toolbar">
        <h2 id="toc-editor-heading" className="card__title">
          {t('toc.editor.title')}
        </h2>
        <div className="toc-editor__actions">
          {saved.id === 0 && unsorted.length > 0 && (
            <button type="button" className="btn btn--ghost" onClick={handleCreate} disabled={busy}>
              {t('toc.editor.createFromUnsorted')}
            </button>
          )}
          <button type="button" className="btn btn--primary" onClick={handleSave} disabled={busy || !dirty} data-testid="toc-save">
            {busy ? t('toc.editor.saving') : t('common.save')}
          </button>
        </div>
      </div>
      {saved.id === 0 && <p className="toc-editor__hint">{t('toc.editor.none')}</p>}
      {saveError && (
        <p className="field__error" role="alert">
          {saveError}
        </p>
      )}

      <div className="toc-editor__forms">
        <label className="field">
          <span className="field__label">{t('toc.editor.target')}</span>
          <select className="select" value={targetId} onChange={(e) => setTarget(e.target.value)} data-testid="toc-target">
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.path}
              </option>
            ))}
          </select>
        </label>
        <form className="toc-editor__form" onSubmit={handleAddFolder}>
          <label className="field">
            <span className="field__label">{t('toc.editor.folderName')}</span>
            <input className="input" value={folderName} maxLength={200} onChange={(e) => setFolderName(e.target.value)} />
          </label>
          <button type="submit" className="btn btn--ghost" disabled={!folderName.trim()}>
            <Icon name="plus" size={16} />
            {t('toc.editor.addFolder')}
          </button>
        </form>
        <form className="toc-editor__form" onSubmit={(e) => void handleAddLink(e)}>
          <label className="field">
            <span className="field__label">{t('toc.editor.linkName')}</span>
            <input className="input" value={linkName} maxLength={200} onChange={(e) => setLinkName(e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">{t('toc.editor.linkUrl')}</span>
            <input
              className="input"
              value={linkUrl}
              maxLength={2000}
              placeholder="https://… /guideline/12/de"
              aria-invalid={linkError ? true : undefined}
              onChange={(e) => {
                setLinkUrl(e.target.value);
                setLinkError(null);
              }}
            />
          </label>
          <button type="submit" className="btn btn--ghost" disabled={!linkUrl.trim()}>
            <Icon name="plus" size={16} />
            {t('toc.editor.addLink')}
          </button>
          {linkError && (
            <p className="field__error" role="alert">
              {linkError}
            </p>
          )}
        </form>
      </div>

      <div className="toc-editor__panes">
        <div
          className="toc-editor__tree"
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => handleDrop(e, tree.id)}
          aria-label={t('toc.editor.tree')}
          role="group"
        >
          <h3 className="toc-editor__pane-title">{saved.collectionTitle}</h3>
          {tree.folders.length === 0 && tree.items.length === 0 ? (
            <p className="toc-editor__hint">{t('toc.editor.empty')}</p>
          ) : (
            <EditorFolder folder={tree} nodeError={nodeError} onChange={change} onDrop={handleDrop} root={tree} targetId={targetId} />
          )}
        </div>
        <div className="toc-editor__unsorted" aria-labelledby="toc-unsorted-heading">
          <h3 id="toc-unsorted-heading" className="toc-editor__pane-title">
            {t('toc.editor.unsorted')} <span className="card__count">{unsorted.length}</span>
          </h3>
          {unsorted.length === 0 ? (
            <p className="toc-editor__hint">{t('toc.editor.noUnsorted')}</p>
          ) : (
            <ul className="toc-editor__list">
              {unsorted.map((g) => (
                <li
                  key={g.glid}
                  className="toc-node toc-node--unsorted"
                  draggable
                  onDragStart={(e) => e.dataTransfer.setData(DRAG_TYPE, `unsorted:${g.glid}`)}
                  data-unsorted={g.glid}
                >
                  <Icon name="grip" size={16} className="toc-node__grip" />
                  <span className="toc-node__name">{g.title || `#${g.glid}`}</span>
                  {g.languages.map((l) => (
                    <LanguageBadge key={l} language={l} />
                  ))}
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={t('toc.editor.addTo', { title: g.title || `#${g.glid}` })}
                    title={t('toc.editor.addTo', { title: g.title || `#${g.glid}` })}
                    onClick={() => change(addNode(tree, targetId, { item: guidelineItem(g) }))}
                  >
                    <Icon name="plus" size={16} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

interface EditorFolderProps {
  folder: TocFolder;
  root: TocFolder;
  targetId: string;
  nodeError: NodeError | null;
  onChange: (tree: TocFolder) => void;
  onDrop: (e: DragEvent, folderId: string, beforeId?: string) => void;
}

function EditorFolder({ folder, root, targetId, nodeError, onChange, onDrop }: EditorFolderProps) {
  return (
    <ul className="toc-editor__list">
      {folder.folders.map((f) => (
        <li key={f.id} className="toc-editor__folder">
          <NodeRow id={f.id} name={f.name} kind="folder" root={root} targetId={targetId} nodeError={nodeError} onChange={onChange} onDrop={(e) => onDrop(e, f.id)} />
          <EditorFolder folder={f} root={root} targetId={targetId} nodeError={nodeError} onChange={onChange} onDrop={onDrop} />
        </li>
      ))}
      {folder.items.map((it) => (
        <li key={it.id}>
          <NodeRow id={it.id} name={it.name} item={it} kind="item" root={root} targetId={targetId} nodeError={nodeError} onChange={onChange} onDrop={(e) => onDrop(e, folder.id, it.id)} />
        </li>
      ))}
    </ul>
  );
}

interface NodeRowProps {
  id: string;
  name: string;
  kind: 'folder' | 'item';
  item?: TocItem;
  root: TocFolder;
  /** The folder chosen above, where "move here" puts the node. */
  targetId: string;
  nodeError: NodeError | null;
  onChange: (tree: TocFolder) => void;
  onDrop: (e: DragEvent) => void;
}

function NodeRow({ id, name, kind, item, root, targetId, nodeError, onChange, onDrop }: NodeRowProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const shown = name || item?.title || (item?.glid ? `#${item.glid}` : '');
  const error = nodeError?.id === id ? nodeError.message : null;
  const typeLabel = kind === 'folder' ? t('toc.editor.type.folder') : t(`toc.editor.type.${item?.type ?? 'guideline'}`);

  const finish = () => {
    setEditing(false);
    if (draft.trim() !== name) onChange(renameNode(root, id, draft.trim()));
  };

  return (
    <div
      className={`toc-node toc-node--${kind}${error ? ' toc-node--error' : ''}`}
      draggable={!editing}
      onDragStart={(e) => {
        e.stopPropagation();
        e.dataTransfer.setData(DRAG_TYPE, id);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
      data-node={id}
    >
      <Icon name="grip" size={16} className="toc-node__grip" />
      <Icon name={kind === 'folder' ? 'folder' : item?.type === 'externalLink' ? 'externalLink' : 'fileText'} size={16} />
      <span className="visually-hidden">{typeLabel}: </span>
      {editing ? (
        <input
          className="input input--small toc-node__input"
          value={draft}
          maxLength={200}
          autoFocus
          aria-label={t('toc.editor.rename')}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={finish}
          onKeyDown={(e) => {
            if (e.key === 'Enter') finish();
            if (e.key === 'Escape') {
              setDraft(name);
              setEditing(false);
            }
          }}
        />
      ) : (
        <span className="toc-node__name">
          {shown}
          {item?.type === 'externalLink' && <span className="toc-node__meta"> · {item.link}</span>}
          {item?.type === 'guidelineLink' && <span className="toc-node__meta"> · {t('toc.editor.type.guidelineLink')}</span>}
        </span>
      )}
      {item?.language && <LanguageBadge language={item.language} />}
      <span className="toc-node__buttons">
        <button type="button" className="icon-btn" aria-label={t('toc.editor.rename')} title={t('toc.editor.rename')} onClick={() => { setDraft(name); setEditing(true); }}>
          <Icon name="edit" size={16} />
        </button>
        <button type="button" className="icon-btn" aria-label={t('toc.editor.moveUp')} title={t('toc.editor.moveUp')} onClick={() => onChange(moveSibling(root, id, -1))}>
          <Icon name="arrowUp" size={16} />
        </button>
        <button type="button" className="icon-btn" aria-label={t('toc.editor.moveDown')} title={t('toc.editor.moveDown')} onClick={() => onChange(moveSibling(root, id, 1))}>
          <Icon name="arrowDown" size={16} />
        </button>
        <button type="button" className="icon-btn" aria-label={t('toc.editor.moveHere')} title={t('toc.editor.moveHere')} onClick={() => onChange(moveNode(root, id, targetId))}>
          <Icon name="folder" size={16} />
        </button>
        <button type="button" className="icon-btn" aria-label={t('toc.editor.remove')} title={t('toc.editor.remove')} onClick={() => onChange(removeNode(root, id))}>
          <Icon name="trash" size={16} />
        </button>
      </span>
      {error && (
        <p className="field__error toc-node__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
