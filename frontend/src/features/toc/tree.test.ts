import { describe, expect, it } from 'vitest';
import type { ActiveCollection, Folder as TocFolder, Item as TocItem } from '@/lib/api-types.gen';
import { collectionOption, countItems, dropEmptyFolders, filterTree, folderNeedsTooltip, itemHref, itemNeedsTooltip, orderCollections } from './tree';

const item = (id: string, name: string, extra: Partial<TocItem> = {}): TocItem => ({ id, name, type: 'guideline', glid: 1, space: null, language: 'de', link: '', ...extra });
const folder = (id: string, name: string, folders: TocFolder[], items: TocItem[] = []): TocFolder => ({ id, name, folders, items });

const tree = folder('root', '', [
  folder('f1', 'Notfall', [folder('f11', 'Reanimation', [], [item('a', 'Adrenalin Dosierung'), item('b', 'Defibrillation')])], [item('c', 'Sepsis')]),
  folder('f2', 'Leer', [folder('f21', 'Auch leer', [])]),
  folder('f3', 'Links', [], [item('d', 'Swissmedic', { type: 'externalLink', glid: null, link: 'https://www.swissmedic.ch' })]),
]);

describe('drawer tree', () => {
  it('hides folders that are empty all the way down', () => {
    const out = dropEmptyFolders(tree);
    expect(out.folders.map((f) => f.id)).toEqual(['f1', 'f3']);
    expect(out.folders[0].folders.map((f) => f.id)).toEqual(['f11']);
  });

  it('filters item names case-insensitively and drops the folders left empty', () => {
    const out = filterTree(tree, '  DEFI ');
    expect(out.folders.map((f) => f.id)).toEqual(['f1']);
    expect(out.folders[0].items).toEqual([]);
    expect(out.folders[0].folders[0].items.map((i) => i.id)).toEqual(['b']);
    expect(countItems(filterTree(tree, 'swiss'))).toBe(1);
    expect(countItems(filterTree(tree, 'nothing like it'))).toBe(0);
    expect(countItems(filterTree(tree, ''))).toBe(4);
  });

  it('does not match folder names', () => {
    expect(countItems(filterTree(tree, 'notfall'))).toBe(0);
  });

  it('puts favourite collections first', () => {
    const c = (spaceId: number, collectionId: number, collectionTitle: string): ActiveCollection => ({ spaceId, collectionId, collectionTitle, spaceTitle: 's', shared: false, guidelinesCount: 2 });
    const list = [c(1, 1, 'A'), c(1, 2, 'B'), c(2, 1, 'Shared')];
    expect(orderCollections(list, [{ spaceId: 2, collectionId: 1 }, { spaceId: 1, collectionId: 2 }]).map((x) => x.collectionTitle)).toEqual(['B', 'Shared', 'A']);
    expect(orderCollections(list, []).map((x) => x.collectionTitle)).toEqual(['A', 'B', 'Shared']);
    expect(collectionOption(list[0])).toBe('A (2)');
  });

  it('links guidelines to the reader, with the space of shared ones', () => {
    expect(itemHref({ glid: 12, language: 'fr', space: null })).toBe('/guideline/12/fr');
    expect(itemHref({ glid: 12, language: 'de', space: 7 })).toBe('/guideline/12/de?space=7');
  });

  it('gives long names a tooltip', () => {
    expect(folderNeedsTooltip('x'.repeat(30))).toBe(false);
    expect(folderNeedsTooltip('x'.repeat(31))).toBe(true);
    expect(itemNeedsTooltip('x'.repeat(40))).toBe(false);
    expect(itemNeedsTooltip('x'.repeat(41))).toBe(true);
  });
});
