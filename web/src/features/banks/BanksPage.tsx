import { Alert, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccounts, useCanWrite, useMayWrite, useMeta } from '@/shared/api/queries';
import { PageHeader } from '@/shared/ui/PageHeader';
import { ReadOnlyNotice } from '@/shared/ui/ReadOnlyNotice';
import { errorMessage } from '@/shared/ui/problems';
import { useBankConnections } from './api';
import { ConnectSection } from './ConnectSection';
import { ConnectionCard } from './ConnectionCard';
import { codeMessage } from './names';

/**
 * /config/banks: the ledger's bank connections, for its owners and editors
 * (a viewer is told who manages them: the server answers a viewer 403). Without
 * the server's secret key (meta.bankSync false) the screen says so instead of
 * offering a form that would fail. The bank's authorisation comes back here
 * with ?connection=<id> or ?bankError=<code>.
 */
export default function BanksPage({ nav }: { nav?: React.ReactNode }) {
  const { t } = useTranslation();
  const mayWrite = useMayWrite();
  const canWrite = useCanWrite();
  const meta = useMeta();
  const connections = useBankConnections(mayWrite);
  const accounts = useAccounts();
  const [params, setParams] = useSearchParams();
  const came = params.get('connection');
  const failed = params.get('bankError');
  const dismiss = () => setParams({}, { replace: true });
  const sealing = meta.data?.bankSync ?? true;
  const list = connections.data ?? [];

  return (
    <Stack maw={760} gap="md">
      <PageHeader title={t('config.title')} note={<ReadOnlyNotice />} />
      {nav}
      {came && !failed && (
        <Alert
          color="teal"
          icon={<IconCircleCheck size={18} aria-hidden />}
          role="status"
          withCloseButton
          onClose={dismiss}
          closeButtonLabel={t('common.close')}
        >
          {t('banks.callbackOk')}
        </Alert>
      )}
      {failed && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          role="alert"
          withCloseButton
          onClose={dismiss}
          closeButtonLabel={t('common.close')}
        >
          {t('banks.callbackError', {
            // A state that is not the user's, or spent (the page reloaded): not_found or invalid, which say nothing useful here.
            reason: failed === 'not_found' || failed === 'invalid' ? t('banks.callbackUnknown') : codeMessage(t, failed),
          })}
        </Alert>
      )}
      {!mayWrite ? (
        <Paper withBorder p="md" radius="md">
          <Text size="sm" role="note">
            {t('banks.viewerNote')}
          </Text>
        </Paper>
      ) : (
        <>
          {!sealing && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconKey size={18} aria-hidden />}
              title={t('banks.noKeyTitle')}
              // The title in the text's colour: Mantine's orange on the alert's orange tint is 3.6:1.
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
              role="note"
            >
              {t('banks.noKey')}
            </Alert>
          )}
          {sealing && <ConnectSection disabled={!canWrite || !meta.data} />}
          {connections.isLoading && <Loader size="sm" aria-label={t('banks.title')} />}
          {connections.error && (
            <Alert color="red" role="alert">
              {errorMessage(t, connections.error)}
            </Alert>
          )}
          {connections.data && list.length === 0 && sealing && (
            <Text size="sm" c="dimmed">
              {t('banks.none')}
            </Text>
          )}
          {list.map((c) => (
            <ConnectionCard key={c.id} connection={c} accounts={accounts.data ?? []} canWrite={canWrite} />
          ))}
        </>
      )}
    </Stack>
  );
}
