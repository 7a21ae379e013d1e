/**
 * API client implementing the transport rules of spec §8.
 * Every call is `POST /api/{group}/{query|mutation}/{name}` with a JSON body and the `Space` header.
 * Calls are named as in the server's OpenAPI document (`'reader/query/guideline'`); the generated
 * `Endpoints` map gives each name its request and response type.
 */
import type { Endpoints } from './api-types.gen';
import { currentSubdomain } from './host';

export type ApiParams = Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;
  readonly params: ApiParams;

  constructor(message: string, status: number, params: ApiParams = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.params = params;
  }

  get unauthorized(): boolean {
    return this.status === 401;
  }
}

export const INVALID_REQUEST = 'invalid request';

/** Path of the sign-in page that returns to `returnTo` afterwards. */
export function loginUrl(returnTo: string): string {
  return `/auth/login?r=${encodeURIComponent(returnTo)}`;
}

export function redirectToLogin(): void {
  window.location.assign(loginUrl(window.location.pathname + window.location.search));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `{message, params}`; a body that is not JSON becomes the message itself. */
async function readErrorBody(res: Response): Promise<{ message: string; params: ApiParams } | null> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    return null;
  }
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body) && typeof body.message === 'string') {
      return { message: body.message, params: isRecord(body.params) ? body.params : {} };
    }
  } catch {
    // not JSON: the raw text is the message
  }
  const trimmed = text.trim();
  return trimmed ? { message: trimmed, params: {} } : null;
}

/**
 * 401 answers that refuse what the user typed into a form (a wrong code of the authenticator
 * app) rather than say the session is missing: the form shows them, nobody is sent to sign-in.
 */
const FORM_REFUSALS: ReadonlySet<string> = new Set(['auth.secondFactorInvalid']);

/** Converts a failed response into an ApiError following the §8 rules (400/409 also carry message keys for forms). */
export async function toApiError(res: Response): Promise<ApiError> {
  if (res.status === 401) {
    const body = await readErrorBody(res);
    if (body && FORM_REFUSALS.has(body.message)) return new ApiError(body.message, 401, body.params);
    redirectToLogin();
    return new ApiError('unauthorized', 401);
  }
  if ([400, 403, 404, 409, 429, 503].includes(res.status)) {
    const body = await readErrorBody(res);
    if (body) return new ApiError(body.message, res.status, body.params);
  }
  return new ApiError(INVALID_REQUEST, res.status);
}

/** The name of a JSON call: `group/kind/name`. */
export type EndpointName = keyof Endpoints;
/** The names of the calls that only read. */
export type QueryName = Extract<EndpointName, `${string}/query/${string}`>;
/** The names of the calls that change something. */
export type MutationName = Extract<EndpointName, `${string}/mutation/${string}`>;
/** What a call takes. */
export type EndpointRequest<K extends EndpointName> = Endpoints[K]['request'];
/** What a call answers. */
export type EndpointResponse<K extends EndpointName> = Endpoints[K]['response'];
/** A call's body: optional when every field of its request is (an empty request included). */
type Args<K extends EndpointName> = Record<string, never> extends EndpointRequest<K> ? [args?: EndpointRequest<K>] : [args: EndpointRequest<K>];

async function call<K extends EndpointName>(name: K, args: object = {}): Promise<EndpointResponse<K>> {
  let res: Response;
  try {
    res = await fetch(`/api/${name}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Space: currentSubdomain() },
      body: JSON.stringify(args),
    });
  } catch {
    throw new ApiError(INVALID_REQUEST, 0);
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as EndpointResponse<K>;
}

/** Makes the query `name` (`'reader/query/guideline'`) with its typed request. */
export const apiQuery = <K extends QueryName>(name: K, ...args: Args<K>) => call(name, args[0]);
/** Makes the mutation `name` (`'author/mutation/saveTemplate'`) with its typed request. */
export const apiMutation = <K extends MutationName>(name: K, ...args: Args<K>) => call(name, args[0]);

export const MAX_RETRIES = 3;

/** TanStack Query retry predicate: none on 401/403/404, otherwise up to three times. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return false;
  // a suspended space stays so for longer than retries wait
  if (error instanceof ApiError && error.message === 'space.suspended') return false;
  return failureCount < MAX_RETRIES;
}

export function errorStatus(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}
