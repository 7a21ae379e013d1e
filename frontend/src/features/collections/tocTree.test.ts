import { describe, expect, it } from 'vitest';
import type { Folder as TocFolder, Item as TocItem } from '@/lib/api-types.gen';
import { addNode, folderPaths, moveNode, moveSibling, parseGuidelineLink, placedGuidelines, removeNode, renameNode } from './tocTree';

const item = (id: string, glid = 0): TocItem => ({ id, name: id, type: glid ? 'guideline' : 'externalLink', glid: glid || null, language: 'de', link: glid ? '' : 'https://a.ch' });
const folder = (id: string, folders: TocFolder[] = [], items: TocItem[] = []): TocFolder => ({ id, name: id.toUpperCase(), folders, items });
const root = () => folder('root', [folder('a', [folder('a1')], [item('x', 1), item('y', 2)]), folder('b')], [item('z', 3)]);
const ids = (f: TocFolder): string[] => [...f.folders.flatMap((s) => [s.id, ...ids(s)]), ...f.items.map((i) => i.id)];

describe('table of contents editing', () => {
  it('reorders siblings up and down within bounds', () => {
    const down = moveSibling(root(), 'x', 1);
    expect(down.folders[0].items.map((i) => i.id)).toEqual(['y', 'x']);
    expect(moveSibling(down, 'x', 1).folders[0].items.map((i) => i.id)).toEqual(['y', 'x']);
    expect(moveSibling(root(), 'b', -1).folders.map((f) => f.id)).toEqual(['b', 'a']);
    expect(moveSibling(root(), 'a', -1).folders.map((f) => f.id)).toEqual(['a', 'b']);
  });

  it('moves items between folders, before a given item', () => {
    const out = moveNode(root(), 'z', 'a', 'y');
    expect(out.items).toEqual([]);
    expect(out.folders[0].items.map((i) => i.id)).toEqual(['x', 'z', 'y']);
    expect(moveNode(root(), 'x', 'b').folders[1].items.map((i) => i.id)).toEqual(['x']);
  });

  it('never moves a folder into itself or below itself', () => {
    const r = root();
    expect(moveNode(r, 'a', 'a1')).toBe(r);
    expect(moveNode(r, 'a', 'a')).toBe(r);
    expect(moveNode(r, 'b', 'a1').folders[0].folders[0].folders.map((f) => f.id)).toEqual(['b']);
  });

  it('adds, renames and removes without touching the original', () => {
    const r = root();
    const added = addNode(r, 'b', { item: item('n', 9) });
    expect(added.folders[1].items.map((i) => i.id)).toEqual(['n']);
    expect(r.folders[1].items).toEqual([]);
    expect(renameNode(r, 'a1', 'Neu').folders[0].folders[0].name).toBe('Neu');
    expect(ids(removeNode(r, 'a'))).toEqual(['b', 'z']);
  });

  it('knows the placed guidelines and the folder paths', () => {
    expect([...placedGuidelines(root())].sort()).toEqual([1, 2, 3]);
    expect(folderPaths(root(), 'Top')).toEqual([
      { id: 'root', path: 'Top' },
      { id: 'a', path: 'A' },
      { id: 'a1', path: 'A / A1' },
      { id: 'b', path: 'B' },
    ]);
  });

  it('reads guideline links', () => {
    expect(parseGuidelineLink('/guideline/12/fr')).toEqual({ glid: 12, language: 'fr' });
    expect(parseGuidelineLink('/guideline/12')).toEqual({ glid: 12, language: 'de' });
    expect(parseGuidelineLink('https://x.ch')).toBeNull();
  });
});
