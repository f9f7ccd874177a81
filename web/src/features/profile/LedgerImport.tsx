import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LedgerImportDialog } from './LedgerImportDialog';
import { LEDGER_IMPORT_ACCEPT, ledgerImportError, uploadLedgerImport, type LedgerImport } from './ledgerImportApi';

/**
 * Profile's "Import a ledger", under the export buttons: a file (the user's
 * own export, or Firefly III's, Actual Budget's or ezBookkeeping's) is
 * uploaded and read, and its preview opens; a file that cannot be read says
 * why here.
 */
export function LedgerImportSection() {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<LedgerImport | null>(null);
  // Cleared after each pick, so that the same file can be chosen again.
  const reset = useRef<() => void>(null);

  const upload = async (file: File | null) => {
    reset.current?.();
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      setPreview(await uploadLedgerImport(file));
    } catch (e) {
      setError(ledgerImportError(t, e));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="ledger-import-title">
      <Title order={3} size="h6" id="ledger-import-title">
        {t('ledgerImport.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('ledgerImport.hint')}
      </Text>
      <div>
        <FileButton onChange={(f) => void upload(f)} accept={LEDGER_IMPORT_ACCEPT} resetRef={reset}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconFileImport size={18} aria-hidden />} loading={uploading}>
              {t('ledgerImport.choose')}
            </Button>
          )}
        </FileButton>
      </div>
      {/* Always there, so that a screen reader hears it fill. */}
      <VisuallyHidden role="status">{uploading ? t('ledgerImport.reading') : ''}</VisuallyHidden>
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert" p="sm">
          <Text size="sm">{error}</Text>
        </Alert>
      )}
      {preview && <LedgerImportDialog initial={preview} onClose={() => setPreview(null)} />}
    </Stack>
  );
}
