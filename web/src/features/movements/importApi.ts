import { ApiProblem, api, type Data, type PathOf } from '@/shared/api/client';
import type { CsvOptions, ImportPreview } from '@/shared/api/schema.gen';

/** How a CSV file's columns are read (null for OFX and QIF files). */
export type CSVOptions = CsvOptions;

export type { ImportPreview };

const uploadPath = '/api/v1/imports' satisfies PathOf<'post'>;

/** Uploads with XMLHttpRequest so that large files show upload progress (fetch cannot tell it); the path and the answer's type are the schema's. */
export function uploadFile(file: File, accountId: string, onProgress: (fraction: number) => void): Promise<Data<typeof uploadPath, 'post'>> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('accountId', accountId);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadPath);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiProblem(0, 'network', 'network error'));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // not JSON
      }
      if (xhr.status === 200) resolve(body as unknown as Data<typeof uploadPath, 'post'>);
      // The body goes with the problem: its params (a refused file's kind, the currencies of a mismatch) fill the message.
      else
        reject(
          new ApiProblem(
            xhr.status,
            typeof body.code === 'string' ? body.code : 'internal',
            String(body.detail ?? ''),
            (body.errors as never) ?? [],
            null,
            body,
          ),
        );
    };
    xhr.send(form);
  });
}

export const previewImport = (id: string, accountId: string, options: CSVOptions | null) =>
  api.POST('/api/v1/imports/{id}/preview', { params: { path: { id } }, body: { accountId, options } });

export const commitImport = (id: string, accountId: string, options: CSVOptions | null, skipInvalid: boolean) =>
  api.POST('/api/v1/imports/{id}/commit', { params: { path: { id } }, body: { accountId, options, skipInvalid } });

/** Discards an upload that will not be imported (it would otherwise wait a day, counting against the ledger's cap). */
export const discardImport = (id: string) => api.DELETE('/api/v1/imports/{id}', { params: { path: { id } } });
