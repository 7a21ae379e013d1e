import { describe, expect, it } from 'vitest';
import { apiMutation, apiQuery, type EndpointResponse, type MutationName, type QueryName } from './api';

/**
 * Compile-time checks of the endpoint map: `npm run typecheck` fails when a line marked
 * `@ts-expect-error` compiles, so each proves that the compiler refuses what it shows.
 */
const refused = () => [
  // @ts-expect-error: no call has this name
  apiQuery('reader/query/noSuchCall', {}),
  // @ts-expect-error: a mutation is not made as a query
  apiQuery('admin/mutation/deleteSpace', { id: 1 }),
  // @ts-expect-error: the request lacks a field the call needs
  apiQuery('common/query/space', {}),
  // @ts-expect-error: a field of the wrong type
  apiMutation('admin/mutation/deleteSpace', { id: 'one' }),
  // @ts-expect-error: a field the request does not have
  apiMutation('admin/mutation/deleteSpace', { id: 1, force: true }),
  // @ts-expect-error: a call with a request needs a body
  apiMutation('admin/mutation/deleteSpace'),
];

const accepted = () => [apiQuery('common/query/apiVersion'), apiQuery('common/query/apiVersion', {}), apiMutation('admin/mutation/deleteSpace', { id: 1 })];

describe('the endpoint map', () => {
  it('types a call by its name: request and response', () => {
    const version: EndpointResponse<'common/query/apiVersion'> = { version: '1.2' };
    // @ts-expect-error: the response has no such field
    expect(version.name).toBeUndefined();
    const query: QueryName = 'reader/query/guideline';
    const mutation: MutationName = 'author/mutation/saveTemplate';
    expect([query, mutation]).toEqual(['reader/query/guideline', 'author/mutation/saveTemplate']);
    expect([refused, accepted].every((f) => typeof f === 'function')).toBe(true);
  });
});
