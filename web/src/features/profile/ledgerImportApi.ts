import type { TFunction } from 'i18next';
import { api, formData, isProblem } from '@/shared/api/client';
import type { LedgerImport, LedgerImportCommitBody, LedgerImportResult, SnapshotAccountSummary, SnapshotSkip } from '@/shared/api/schema.gen';
import { errorMessage } from '@/shared/ui/problems';

// A file that becomes a new ledger: the user's own export, or another app's
// (Firefly III, Actual Budget, ezBookkeeping). Uploaded, previewed, then
// committed once or discarded. The upload belongs to the user, not to the
// current ledger; nothing of it is cached (each preview is asked for once).

export type { LedgerImport, LedgerImportResult, SnapshotAccountSummary as LedgerImportAccount, SnapshotSkip as LedgerImportSkip };

/** Where a file comes from: the export's app. */
export type LedgerImportSource = LedgerImport['source'];

/** What the file picker offers: an export's JSON or zip, and the other apps' CSV, TSV and zip. */
export const LEDGER_IMPORT_ACCEPT = '.json,.zip,.csv,.tsv,.txt';

/** Uploads the file (multipart field "file") and answers its preview; the server keeps it a day. */
export function uploadLedgerImport(file: File) {
  return api.POST('/api/v1/me/ledger-imports', { body: formData({ file }) });
}

/** The preview again: another of a Cash Control export's ledgers ("" the first), another base currency ("" the file's, else the user's). */
export function previewLedger(id: string, ledger: string, baseCurrency = '') {
  return api.GET('/api/v1/me/ledger-imports/{id}', { params: { path: { id }, query: { ledger, baseCurrency } } });
}

/** Creates the new ledger, whole or not at all (a second commit answers already_committed). */
export const commitLedgerImport = (id: string, body: LedgerImportCommitBody) =>
  api.POST('/api/v1/me/ledger-imports/{id}/commit', { params: { path: { id } }, body });

/** Discards the kept file (else it waits a day, counting against the user's pending uploads). */
export const discardLedgerImport = (id: string) => api.DELETE('/api/v1/me/ledger-imports/{id}', { params: { path: { id } } });

/** The new ledger's name the dialog suggests: the file's own, else the file name without its extension. */
export function suggestedName(p: Pick<LedgerImport, 'name' | 'fileName'>): string {
  return (p.name || p.fileName.replace(/\.[^.]+$/, '')).trim().slice(0, 100);
}

/** The problems of this feature in its own words (the general ones speak of other imports, or of amounts); any other as usual. */
const ownCodes: Record<string, string> = {
  unsupported_media_type: 'ledgerImport.errors.unsupported',
  payload_too_large: 'ledgerImport.errors.tooLarge',
  too_many_pending_imports: 'ledgerImport.errors.pending',
  too_many_ledgers: 'ledgerImport.errors.limit',
  already_committed: 'ledgerImport.errors.alreadyCommitted',
  not_found: 'ledgerImport.errors.expired',
};

export function ledgerImportError(t: TFunction, e: unknown): string {
  if (isProblem(e)) {
    if (e.code === 'invalid' && e.fieldCode('file') === 'out_of_range') return t('ledgerImport.errors.tooManyMovements', { max: 100_000 });
    if (e.code === 'invalid' && e.fieldCode('file')) return t('ledgerImport.errors.damaged');
    const own = ownCodes[e.code];
    if (own) return t(own);
  }
  return errorMessage(t, e);
}
