// The one API client. Errors come back as ApiProblem, whose code the UI
// translates (errors.<code>, fieldErrors.<code>).
import type { FieldError } from './schema.gen';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function toProblem(res: Response): Promise<ApiProblem> {
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // not JSON: keep the status alone
  }
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

export async function request<T>(method: Method, path: string, body?: unknown, init?: RequestInit, idempotencyKey?: string): Promise<T> {
  let res: Response;
  const headers: Record<string, string> = body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: body instanceof FormData ? body : body !== undefined ? JSON.stringify(body) : undefined,
      ...init,
    });
  } catch {
    throw new ApiProblem(0, 'network', 'network error');
  }
  if (!res.ok) throw await toProblem(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  /** With an idempotency key, sending the same request again (a double-click, a retry) applies it once. */
  post: <T>(path: string, body?: unknown, idempotencyKey?: string) => request<T>('POST', path, body ?? {}, undefined, idempotencyKey),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  del: <T = void>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

/** Builds a query string from defined, non-empty values (arrays joined by commas). */
export function query(params: Record<string, string | number | boolean | readonly string[] | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
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
