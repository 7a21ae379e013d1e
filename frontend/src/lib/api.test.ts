import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiMutation, apiQuery, INVALID_REQUEST, shouldRetry } from './api';

const assign = vi.fn();

function mockFetch(status: number, body: string, contentType = 'application/json') {
  const fetchMock = vi.fn().mockResolvedValue(new Response(status === 204 ? null : body, { status, headers: { 'Content-Type': contentType } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  window.history.pushState({}, '', '/profile?tab=2');
  vi.stubGlobal('location', { ...window.location, assign, pathname: '/profile', search: '?tab=2', hostname: 'kssg.vademecum.localhost' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

describe('apiCall', () => {
  it('posts JSON with the Space header and returns the body', async () => {
    const fetchMock = mockFetch(200, '{"version":"1.2"}');
    await expect(apiQuery('common/query/apiVersion')).resolves.toEqual({ version: '1.2' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/common/query/apiVersion');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ Space: 'kssg', 'Content-Type': 'application/json' });
  });

  it('redirects to login with the current path on 401 and fails as unauthorized', async () => {
    mockFetch(401, '');
    const err = await apiQuery('common/query/profile').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect((err as ApiError).unauthorized).toBe(true);
    expect(assign).toHaveBeenCalledWith('/auth/login?r=%2Fprofile%3Ftab%3D2');
  });

  it('leaves a refused code to the form instead of sending the browser to sign-in', async () => {
    mockFetch(401, '{"message":"auth.secondFactorInvalid","params":{"field":"code"}}');
    const err = (await apiMutation('common/mutation/confirmSecondFactor', { code: '123456' }).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('auth.secondFactorInvalid');
    expect(err.params).toEqual({ field: 'code' });
    expect(assign).not.toHaveBeenCalled();

    mockFetch(401, '{"message":"unauthorized","params":{}}');
    await apiQuery('common/query/profile').catch(() => undefined);
    expect(assign).toHaveBeenCalledWith('/auth/login?r=%2Fprofile%3Ftab%3D2');
  });

  it('reads message and params from a JSON 403/404 body', async () => {
    mockFetch(404, '{"message":"not found","params":{"id":3}}');
    const err = (await apiQuery('common/query/space', { idOrDomain: 'kssg' }).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('not found');
    expect(err.status).toBe(404);
    expect(err.params).toEqual({ id: 3 });

    mockFetch(403, '{"message":"forbidden"}');
    const err2 = (await apiQuery('admin/query/spaces').catch((e: unknown) => e)) as ApiError;
    expect(err2.message).toBe('forbidden');
    expect(err2.params).toEqual({});
  });

  it('uses the raw text as message when a 403/404 body is not JSON', async () => {
    mockFetch(403, 'no access here', 'text/plain');
    const err = (await apiQuery('admin/query/spaces').catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('no access here');
    expect(err.status).toBe(403);
  });

  it('surfaces 400/409 message keys for forms', async () => {
    mockFetch(409, '{"message":"space.subdomainTaken","params":{"field":"space.subdomain"}}');
    const err = (await apiMutation('admin/mutation/deleteSpace', { id: 1 }).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('space.subdomainTaken');
    expect(err.params.field).toBe('space.subdomain');
  });

  it('reports other failures as invalid request with the status', async () => {
    mockFetch(500, '{"message":"boom"}');
    const err = (await apiQuery('common/query/profile').catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe(INVALID_REQUEST);
    expect(err.status).toBe(500);
  });

  it('reports network errors as invalid request', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const err = (await apiQuery('common/query/profile').catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe(INVALID_REQUEST);
  });
});

describe('shouldRetry', () => {
  it('never retries 401, 403, 404 and a suspended space', () => {
    for (const status of [401, 403, 404]) expect(shouldRetry(0, new ApiError('x', status))).toBe(false);
    expect(shouldRetry(0, new ApiError('space.suspended', 503))).toBe(false);
  });
  it('retries other failures up to three times', () => {
    const err = new ApiError(INVALID_REQUEST, 500);
    expect(shouldRetry(0, err)).toBe(true);
    expect(shouldRetry(2, err)).toBe(true);
    expect(shouldRetry(3, err)).toBe(false);
    expect(shouldRetry(1, new Error('x'))).toBe(true);
  });
});
