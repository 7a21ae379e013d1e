import { vi } from 'vitest';

export type MockReply = unknown | { status: number; body: unknown };
export type MockRoute = MockReply | ((body: Record<string, unknown>) => MockReply);

const isStatusReply = (v: unknown): v is { status: number; body: unknown } =>
  typeof v === 'object' && v !== null && 'status' in v && 'body' in v && typeof (v as { status: unknown }).status === 'number';

/** Stubs fetch for `/api/<path>`; unknown paths answer 404 'not found'. Returns the mock to inspect calls. */
export function mockApi(routes: Record<string, MockRoute>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api\//, '');
    // multipart uploads (FormData) reach the route with an empty body
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const route = routes[path];
    if (route === undefined) return new Response('{"message":"not found","params":{}}', { status: 404 });
    const reply = typeof route === 'function' ? (route as (b: Record<string, unknown>) => MockReply)(body) : route;
    if (isStatusReply(reply)) return new Response(JSON.stringify(reply.body), { status: reply.status });
    return new Response(JSON.stringify(reply), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Bodies sent to one path, in order. */
export function sentBodies(fetchMock: ReturnType<typeof mockApi>, path: string): unknown[] {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/api/${path}`)).map(([, init]) => JSON.parse(String(init?.body ?? '{}')));
}
