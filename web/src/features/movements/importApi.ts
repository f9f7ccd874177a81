import { api } from '@/shared/api/client';
import { ApiProblem } from '@/shared/api/client';

export interface CSVOptions {
  delimiter: string;
  hasHeader: boolean;
  dateFormat: string;
  decimalSeparator: string;
  date: number;
  amount: number;
  debit: number;
  credit: number;
  description: number;
  notes: number;
  category: number;
  /** Cash Control's own export: the column of a split movement's id, and of its lines' notes (absent: none). */
  movement?: number;
  lineNote?: number;
  invertSign: boolean;
}

export interface ImportPreview {
  id: string;
  fileName: string;
  format: 'csv' | 'ofx' | 'qif';
  accountId: string;
  currency: string;
  options: CSVOptions | null;
  header: string[];
  sample: string[][];
  total: number;
  valid: number;
  invalid: number;
  duplicates: number;
  rows: {
    line: number;
    date: string;
    amount: number;
    description: string;
    category: string;
    duplicate: boolean;
    /** The category is the suggestion of the ledger's history. */
    suggested: boolean;
    /** What the ledger's rules changed. */
    rules?: { ruleName: string; field: string }[];
  }[];
  errors: { line: number; field: string; code: string }[];
  newCategories: { type: string; name: string }[];
}

export interface ImportResult {
  created: number;
  duplicates: number;
  skipped: number;
  categoriesCreated: number;
}

/** Uploads with XMLHttpRequest so that large files show upload progress. */
export function uploadFile(file: File, accountId: string, onProgress: (fraction: number) => void): Promise<ImportPreview> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('accountId', accountId);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/imports');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiProblem(0, 'network', 'network error'));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // not JSON
      }
      if (xhr.status === 200) resolve(body as unknown as ImportPreview);
      else reject(new ApiProblem(xhr.status, typeof body.code === 'string' ? body.code : 'internal', String(body.detail ?? ''), (body.errors as never) ?? []));
    };
    xhr.send(form);
  });
}

export const previewImport = (id: string, accountId: string, options: CSVOptions | null) =>
  api.post<ImportPreview>(`/api/v1/imports/${id}/preview`, { accountId, options });

export const commitImport = (id: string, accountId: string, options: CSVOptions | null, skipInvalid: boolean) =>
  api.post<ImportResult>(`/api/v1/imports/${id}/commit`, { accountId, options, skipInvalid });

/** Discards an upload that will not be imported (it would otherwise wait a day, counting against the ledger's cap). */
export const discardImport = (id: string) => api.del(`/api/v1/imports/${id}`);
