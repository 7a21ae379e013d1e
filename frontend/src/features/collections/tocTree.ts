import type { Folder as TocFolder, Item as TocItem } from '@/lib/api-types.gen';

/** Where a node of a table of contents sits: its parent folder, its kind and its index. */
interface Place {
  parent: TocFolder;
  kind: 'folder' | 'item';
  index: number;
}

const clone = (f: TocFolder): TocFolder => structuredClone(f);

function find(folder: TocFolder, id: string): Place | null {
  const fi = folder.folders.findIndex((f) => f.id === id);
  if (fi >= 0) return { parent: folder, kind: 'folder', index: fi };
  const ii = folder.items.findIndex((i) => i.id === id);
  if (ii >= 0) return { parent: folder, kind: 'item', index: ii };
  for (const sub of folder.folders) {
    const p = find(sub, id);
    if (p) return p;
  }
  return null;
}

function findFolder(folder: TocFolder, id: string): TocFolder | null {
  if (folder.id === id) return folder;
  for (const sub of folder.folders) {
    const f = findFolder(sub, id);
    if (f) return f;
  }
  return null;
}

/** Adds a folder or an item at the end of folder parentId (the root when unknown). */
export function addNode(root: TocFolder, parentId: string, node: { folder: TocFolder } | { item: TocItem }): TocFolder {
  const out = clone(root);
  const parent = findFolder(out, parentId) ?? out;
  if ('folder' in node) parent.folders.push(node.folder);
  else parent.items.push(node.item);
  return out;
}

/** Removes a folder (with everything in it) or an item. */
export function removeNode(root: TocFolder, id: string): TocFolder {
  const out = clone(root);
  const p = find(out, id);
  if (p?.kind === 'folder') p.parent.folders.splice(p.index, 1);
  if (p?.kind === 'item') p.parent.items.splice(p.index, 1);
  return out;
}

/** Renames a folder or an item. */
export function renameNode(root: TocFolder, id: string, name: string): TocFolder {
  const out = clone(root);
  const p = find(out, id);
  if (p?.kind === 'folder') p.parent.folders[p.index].name = name;
  if (p?.kind === 'item') p.parent.items[p.index].name = name;
  return out;
}

/** Moves a node one place up (-1) or down (+1) among the siblings of its kind. */
export function moveSibling(root: TocFolder, id: string, delta: -1 | 1): TocFolder {
  const out = clone(root);
  const p = find(out, id);
  if (!p) return out;
  const list: unknown[] = p.kind === 'folder' ? p.parent.folders : p.parent.items;
  const to = p.index + delta;
  if (to < 0 || to >= list.length) return out;
  const [node] = list.splice(p.index, 1);
  list.splice(to, 0, node);
  return out;
}

/** Whether folder id is ancestorId or lies inside it. */
function within(root: TocFolder, ancestorId: string, id: string): boolean {
  const ancestor = findFolder(root, ancestorId);
  return ancestor !== null && findFolder(ancestor, id) !== null;
}

/**
 * Moves a node into folder targetId; an item lands before item beforeId when that is in the
 * target, else at the end. A folder never moves into itself or below itself.
 */
export function moveNode(root: TocFolder, id: string, targetId: string, beforeId?: string): TocFolder {
  const p = find(root, id);
  if (!p || (p.kind === 'folder' && within(root, id, targetId))) return root;
  const out = clone(root);
  const from = find(out, id);
  if (!from) return root;
  const target = findFolder(out, targetId) ?? out;
  if (from.kind === 'folder') {
    const [f] = from.parent.folders.splice(from.index, 1);
    target.folders.push(f);
    return out;
  }
  const [it] = from.parent.items.splice(from.index, 1);
  const at = beforeId ? target.items.findIndex((i) => i.id === beforeId) : -1;
  if (at >= 0) target.items.splice(at, 0, it);
  else target.items.push(it);
  return out;
}

/** The folders of a tree as (id, path of names) for a folder chooser, the root first. */
export function folderPaths(root: TocFolder, rootName: string): { id: string; path: string }[] {
  const out = [{ id: root.id, path: rootName }];
  const walk = (f: TocFolder, prefix: string) => {
    for (const sub of f.folders) {
      const path = prefix ? `${prefix} / ${sub.name}` : sub.name;
      out.push({ id: sub.id, path });
      walk(sub, path);
    }
  };
  walk(root, '');
  return out;
}

/** The guidelines of the collection placed in a tree. */
export function placedGuidelines(root: TocFolder): Set<number> {
  const out = new Set<number>();
  const walk = (f: TocFolder) => {
    for (const it of f.items) if (it.type === 'guideline' && it.glid) out.add(it.glid);
    f.folders.forEach(walk);
  };
  walk(root);
  return out;
}

/** A fresh node id. */
export const newNodeId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Reads a link the product classified as a guideline link: /guideline/{id}/{language?}. */
export function parseGuidelineLink(normalized: string): { glid: number; language: string } | null {
  const m = /^\/guideline\/(\d+)(?:\/(de|fr|it|en))?/.exec(normalized);
  return m ? { glid: Number(m[1]), language: m[2] ?? 'de' } : null;
}
