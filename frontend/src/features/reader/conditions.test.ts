import { describe, expect, it } from 'vitest';
import { ApiError, INVALID_REQUEST } from '@/lib/api';
import { readerCondition } from './conditions';

describe('reader conditions (spec §4)', () => {
  it.each([
    [new ApiError('guideline.notFound', 404), 'notFound', 'home'],
    [new ApiError('reader.notPublished', 404, { languages: ['fr'] }), 'notPublished', 'home'],
    [new ApiError('guideline.languageNotFound', 404), 'notPublished', 'home'],
    [new ApiError('reader.archived', 404), 'archived', 'home'],
    [new ApiError('reader.offline', 404), 'offline', 'home'],
    [new ApiError('reader.expired', 404, { validUntil: '2020-01-01T00:00:00Z' }), 'expired', 'home'],
    [new ApiError('reader.forbidden', 403, { action: 'signIn' }), 'forbidden', 'signIn'],
    [new ApiError('reader.forbidden', 403, { action: 'requestMembership' }), 'forbidden', 'requestMembership'],
    [new ApiError('reader.forbidden', 403, { action: 'contactAdmin' }), 'forbidden', 'contactAdmin'],
    [new ApiError('forbidden', 403), 'forbidden', 'signIn'],
    [new ApiError(INVALID_REQUEST, 0), 'unavailable', 'retry'],
    [new ApiError(INVALID_REQUEST, 500), 'support', 'home'],
    [new Error('boom'), 'support', 'home'],
  ])('%s', (error, kind, action) => {
    const c = readerCondition(error);
    expect(c.kind).toBe(kind);
    expect(c.action).toBe(action);
  });

  it('carries the date, the other languages and the way to management', () => {
    const c = readerCondition(new ApiError('reader.expired', 404, { validUntil: '2020-01-01T00:00:00Z', languages: ['de', 3], mayEdit: true }));
    expect(c.validUntil).toBe('2020-01-01T00:00:00Z');
    expect(c.languages).toEqual(['de']);
    expect(c.mayEdit).toBe(true);
  });
});
