import { describe, expect, it } from 'vitest';
import { ApiError, INVALID_REQUEST } from '@/lib/api';
import type { ReaderGuideline } from '@/lib/api-types.gen';
import { isExpired, offlineKey, readWithOfflineCopy, type GuidelineStore, type StoredGuideline } from './store';

const guideline = (language: string, validUntil: string | null = '2030-01-01T00:00:00Z') =>
  ({ id: 4, language, requestedLanguage: language, title: 'Sepsis', validUntil }) as ReaderGuideline;

function memoryStore(): GuidelineStore & { records: Map<string, StoredGuideline> } {
  const records = new Map<string, StoredGuideline>();
  return {
    records,
    get: async (key) => records.get(key),
    put: async (record) => {
      records.set(record.key, record);
    },
  };
}

const key = (lang: string) => offlineKey('kssg', 4, lang, null);
const now = () => new Date('2026-05-01T10:00:00Z');

describe('offline copies of read guidelines', () => {
  it('keeps what was read, under the requested and the shown language', async () => {
    const store = memoryStore();
    const fallback = { ...guideline('de'), requestedLanguage: 'it' };
    const result = await readWithOfflineCopy(async () => fallback, store, key, 'it', now);
    expect(result).toEqual({ guideline: fallback, offlineSince: null });
    expect([...store.records.keys()].sort()).toEqual(['kssg//4/de', 'kssg//4/it']);
    expect(store.records.get('kssg//4/de')?.fetchedAt).toBe('2026-05-01T10:00:00.000Z');
  });

  it('answers the kept copy when the network fails', async () => {
    const store = memoryStore();
    await readWithOfflineCopy(async () => guideline('fr'), store, key, 'fr', now);
    const result = await readWithOfflineCopy(
      async () => {
        throw new ApiError(INVALID_REQUEST, 0);
      },
      store,
      key,
      'fr',
    );
    expect(result.guideline.title).toBe('Sepsis');
    expect(result.offlineSince).toBe('2026-05-01T10:00:00.000Z');
  });

  it('never replaces an answer of the server by a kept copy', async () => {
    const store = memoryStore();
    await readWithOfflineCopy(async () => guideline('de'), store, key, 'de', now);
    const offline = new ApiError('reader.offline', 404);
    await expect(
      readWithOfflineCopy(
        async () => {
          throw offline;
        },
        store,
        key,
        'de',
      ),
    ).rejects.toBe(offline);
  });

  it('fails as before when nothing was kept', async () => {
    const failure = new ApiError(INVALID_REQUEST, 0);
    await expect(
      readWithOfflineCopy(
        async () => {
          throw failure;
        },
        memoryStore(),
        key,
        'de',
      ),
    ).rejects.toBe(failure);
  });

  it('still shows what was read when the device cannot keep it', async () => {
    const broken: GuidelineStore = { get: async () => undefined, put: async () => Promise.reject(new Error('quota')) };
    expect((await readWithOfflineCopy(async () => guideline('de'), broken, key, 'de')).guideline.language).toBe('de');
  });

  it('tells expired copies by the device clock', () => {
    expect(isExpired(guideline('de', '2026-04-30T00:00:00Z'), now())).toBe(true);
    expect(isExpired(guideline('de', '2026-05-01T10:00:00Z'), now())).toBe(true);
    expect(isExpired(guideline('de', '2026-06-01T00:00:00Z'), now())).toBe(false);
    expect(isExpired(guideline('de', null), now())).toBe(false);
  });

  it('keys copies by space, source space, guideline and language', () => {
    expect(offlineKey('kssg', 4, 'de', 7)).toBe('kssg/7/4/de');
  });
});
