// The one API client. Its paths, methods, parameters, bodies and answers are
// typed from the server's OpenAPI document (schema.gen.ts, by openapi-fetch):
// a path the server does not serve, a missing path parameter, a query
// parameter or body field it does not take, or an answer read as what it is
// not, is a compile error. Errors come back as ApiProblem, whose code the UI
// translates (errors.<code>, fieldErrors.<code>).
//
// Requests this client does not make stay explicit, each where it is made:
// - POST /api/v1/imports (features/movements/importApi.ts): XMLHttpRequest,
//   for fetch cannot report upload progress (its path and answer are typed);
// - GET /api/v1/events (shared/api/live.ts): an EventSource (server-sent
//   events, which the schema does not describe);
// - GET /api/v1/me/export, /movements/export.csv (its path and query typed),
//   /attachments/{id} and its thumbnail: files and images the browser
//   downloads itself from a link (not JSON).
import createClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { FieldError, paths } from './schema.gen';

/** One field's problem in a 422's errors. */
export type FieldProblem = FieldError;

export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldProblem[];
  readonly retryAfter: number | null;
  readonly body: Record<string, unknown>;

  constructor(status: number, code: string, detail: string, errors: FieldProblem[] = [], retryAfter: number | null = null, body: Record<string, unknown> = {}) {
    super(detail || code);
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.retryAfter = retryAfter;
    this.body = body;
  }

  /** The code of the first error on field, if any. */
  fieldCode(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.code;
  }
}

export function isProblem(e: unknown): e is ApiProblem {
  return e instanceof ApiProblem;
}

/** A failed answer as a problem: its problem+json body's code, detail and errors, and its Retry-After. */
function toProblem(res: Response, parsed: unknown): ApiProblem {
  const body = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const retry = res.headers.get('Retry-After');
  return new ApiProblem(
    res.status,
    typeof body.code === 'string' ? body.code : res.status === 401 ? 'unauthorized' : 'internal',
    typeof body.detail === 'string' ? body.detail : res.statusText,
    Array.isArray(body.errors) ? (body.errors as FieldProblem[]) : [],
    retry ? Number(retry) : null,
    body,
  );
}

/** Builds a query string from defined, non-empty values (arrays joined by commas). */
export function query(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * What openapi-fetch would make a Request of: the URL it built and the
 * init. fetch is handed these as they are, as the browser's own fetch(path,
 * init): a path relative to the page needs no origin, and a FormData body
 * (a file) goes out as it is, not copied into a Request's stream first.
 */
class Outgoing {
  readonly method: string;
  constructor(
    readonly url: string,
    readonly init: RequestInit,
  ) {
    this.method = init.method ?? 'GET';
  }
}

const client = createClient<paths>({
  credentials: 'same-origin',
  querySerializer: query,
  Request: Outgoing as unknown as typeof Request,
  // globalThis.fetch is read at each request (not once here), and a request
  // that gets no answer (offline, refused, aborted) is the problem "network".
  fetch: (r) =>
    globalThis.fetch((r as unknown as Outgoing).url, (r as unknown as Outgoing).init).catch(() => {
      throw new ApiProblem(0, 'network', 'network error');
    }),
});

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The paths that answer method. */
export type PathOf<M extends Method> = { [P in keyof paths]: paths[P] extends Record<M, object> ? P : never }[keyof paths];

type Operation<P extends keyof paths, M extends Method> = paths[P][M] & Record<string | number, unknown>;

/** The second argument: params (path, query, header), body, headers, signal, ...; optional when nothing in it is required. */
type Init<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;
type InitArgs<P extends keyof paths, M extends Method> = undefined extends Init<P, M> ? [init?: Init<P, M>] : [init: Init<P, M>];

/** A successful answer's JSON; void when the operation answers 204 only. */
export type Data<P extends keyof paths, M extends Method> = [
  Exclude<FetchResponse<Operation<P, M>, object, `${string}/${string}`>['data'], undefined>,
] extends [never]
  ? void
  : Exclude<FetchResponse<Operation<P, M>, object, `${string}/${string}`>['data'], undefined>;

/** An operation's JSON request body, for the variables of a mutation that sends one. */
export type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : never;

function method<M extends Method>(m: M) {
  const verb = m.toUpperCase() as Uppercase<M>;
  return async <P extends PathOf<M>>(path: P, ...[init]: InitArgs<P, M>): Promise<Data<P, M>> => {
    const options = { ...(init as object) } as { body?: unknown };
    // A POST always carries a JSON body ({} when it has none), as it always has.
    if (m === 'post' && options.body === undefined) options.body = {};
    // The generic method is typed at its signature above; inside, the path and init are those of some operation.
    const { data, error, response } = await (
      client.request as (method: string, path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>
    )(verb, path, options);
    if (!response.ok) throw toProblem(response, error);
    return data as Data<P, M>;
  };
}

/**
 * The API: api.GET('/api/v1/movements/{id}', { params: { path: { id } } })
 * answers the movement, or throws an ApiProblem. An Idempotency-Key goes in
 * params.header where the operation takes one: the same request sent again
 * (a double-click, a retry) is applied once.
 */
export const api = {
  GET: method('get'),
  POST: method('post'),
  PUT: method('put'),
  PATCH: method('patch'),
  DELETE: method('delete'),
};

/** A multipart body's parts: a file part (a string in the schema) is a Blob or a File. */
type FormParts<B> = { [K in keyof B]: B[K] extends string | undefined ? B[K] | Blob : never };

/**
 * A multipart/form-data body. The schema types its file parts as strings
 * (format binary); what is sent is a FormData of these parts, which
 * openapi-fetch passes as it is (the browser sets its Content-Type).
 */
export function formData<B>(parts: NoInfer<FormParts<NonNullable<B>>>): NonNullable<B> {
  const form = new FormData();
  for (const [k, v] of Object.entries(parts) as [string, string | Blob | undefined][]) if (v !== undefined) form.append(k, v);
  return form as unknown as NonNullable<B>;
}

/**
 * A new Idempotency-Key: 128 random bits. crypto.getRandomValues works on
 * plain http too (randomUUID needs a secure context, and self-hosted servers
 * are often reached at a LAN address).
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}
