import type { Page } from '@playwright/test';

/**
 * Calls the API from the signed-in page (its session cookie) with the Space header. It runs in
 * the browser because only Chromium resolves *.localhost; Node's page.request cannot reach it.
 */
export function api<T>(page: Page, path: string, body: object, space = 'kssg'): Promise<T> {
  return page.evaluate(
    async ({ path, body, space }) => {
      const res = await fetch(`/api/${path}`, { method: 'POST', headers: { Space: space, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { path, body, space },
  ) as Promise<T>;
}

export interface SavedDetail {
  id: number;
  title: string;
  content: string;
}

/** Saves a new German version whose first section gives `dose`, keeping the section ids of `previous`. */
export function saveVersion(page: Page, guidelineId: number, title: string, dose: string, previous?: SavedDetail[]): Promise<number> {
  const details = [
    { id: previous?.[0]?.id ?? null, title: 'Dosierung', content: `<p>Erwachsene: ${dose} alle 6 h</p><ul><li>Maximal 4 g pro Tag</li></ul>`, rawContent: '' },
    { id: previous?.[1]?.id ?? null, title: 'Kontraindikationen', content: '<p>Schwere Leberinsuffizienz</p>', rawContent: '' },
  ];
  return api<number>(page, 'author/mutation/addGuidelineVersion', { glv: { guidelineId, language: 'de', title, description: '', tags: [], searchTags: [], details } });
}

/**
 * The demo data has no collection and no validator: as space admin of kssg (signed in on
 * `page`), creates a collection with Max (max.member@kssg.ch) as member and validator.
 */
export async function setupCollection(page: Page, title: string): Promise<{ collectionId: number; maxId: number }> {
  const space = await api<{ id: number }>(page, 'common/query/space', { idOrDomain: 'kssg' });
  const collection = await api<{ id: number }>(page, 'admin/mutation/createCollection', { spaceId: space.id, collection: { title, visibility: 'protected', admins: [] } });
  const [max] = await api<{ id: number }[]>(page, 'common/query/searchUserBySpace', { query: 'max.member' });
  await api(page, 'admin/collectionadmin/mutation/addCollectionMembers', { collection: collection.id, members: [max.id] });
  await api(page, 'admin/collectionadmin/mutation/addCollectionValidators', { collection: collection.id, validators: [max.id] });
  return { collectionId: collection.id, maxId: max.id };
}
