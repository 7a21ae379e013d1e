import { ApiError, INVALID_REQUEST } from '@/lib/api';
import type { ReaderGuideline } from '@/lib/api-types.gen';

/** A guideline as last read from the server, kept for reading offline. */
export interface StoredGuideline {
  key: string;
  guideline: ReaderGuideline;
  /** when it was read, ISO time */
  fetchedAt: string;
}

/** Where read guidelines are kept (IndexedDB in the browser). */
export interface GuidelineStore {
  get(key: string): Promise<StoredGuideline | undefined>;
  put(record: StoredGuideline): Promise<void>;
}

/** A guideline the reader shows, and when it comes from the device, when it was read. */
export interface ReaderResult {
  guideline: ReaderGuideline;
  offlineSince: string | null;
}

/** The key of a guideline language in a space (and source space of a shared one). */
export const offlineKey = (subdomain: string, id: number, language: string, space: number | null) =>
  `${subdomain}/${space ?? ''}/${id}/${language}`;

/** True when a call failed because the server could not be reached (not an answer of the server). */
export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0 && error.message === INVALID_REQUEST;

/**
 * Reads a guideline from the server and keeps it on the device; when the server cannot be
 * reached, answers the kept copy instead. Answers of the server (404, 403…) are never replaced
 * by a kept copy: a guideline taken offline or withdrawn must not stay readable.
 */
export async function readWithOfflineCopy(
  fetcher: () => Promise<ReaderGuideline>,
  store: GuidelineStore,
  key: (language: string) => string,
  requested: string,
  now: () => Date = () => new Date(),
): Promise<ReaderResult> {
  let guideline: ReaderGuideline;
  try {
    guideline = await fetcher();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const kept = await store.get(key(requested)).catch(() => undefined);
    if (!kept) throw error;
    return { guideline: kept.guideline, offlineSince: kept.fetchedAt };
  }
  const fetchedAt = now().toISOString();
  const keys = new Set([key(requested), key(guideline.language)]);
  // keeping a copy is a convenience: a full or blocked storage never hides what was read
  await Promise.all([...keys].map((k) => store.put({ key: k, guideline, fetchedAt }).catch(() => undefined)));
  return { guideline, offlineSince: null };
}

/** Whether a guideline is past its valid-until date by the device's clock. */
export const isExpired = (guideline: Pick<ReaderGuideline, 'validUntil'>, now: Date = new Date()) =>
  !!guideline.validUntil && new Date(guideline.validUntil).getTime() <= now.getTime();

const DB = 'vademecum-reader';
const STORE = 'guidelines';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = null;
      reject(req.error ?? new Error('IndexedDB cannot be opened'));
    };
  });
  return opening;
}

/** The guidelines kept in the browser's IndexedDB. */
export const indexedDbStore: GuidelineStore = {
  async get(key) {
    const db = await openDb();
    return request<StoredGuideline | undefined>(db.transaction(STORE).objectStore(STORE).get(key));
  },
  async put(record) {
    const db = await openDb();
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(record));
  },
};
