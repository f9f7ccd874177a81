import { useState } from 'react';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '@/shared/api/queries';
import { localeOf } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { Card } from '@/shared/ui/Card';
import { useDownloadECB, useLedger, useSetECBRates } from './api';
import { RatesImportDialog } from './RatesImportDialog';

/**
 * Where rates come from besides the keyboard: a CSV file, and the European Central Bank's daily reference rates.
 * A viewer of the ledger imports, downloads and switches nothing: when the ECB's rates come every day, the viewer is only told so, and when they last came.
 */
export function RateSourcesSection() {
  const { t, i18n } = useTranslation();
  const canWrite = useCanWrite();
  const ledger = useLedger();
  const setECB = useSetECBRates();
  const download = useDownloadECB();
  const [importing, setImporting] = useState(false);
  const l = ledger.data;
  const fetched = l?.ecbFetchedAt
    ? new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(l.ecbFetchedAt * 1000))
    : null;

  const toggle = async (on: boolean) => {
    try {
      await setECB.mutateAsync(on);
      notifyOk(t(on ? 'rates.ecbOn' : 'rates.ecbOff'));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const now = async () => {
    try {
      const r = await download.mutateAsync();
      notifyOk(t('rates.imported', { count: r.imported }));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };

  if (!canWrite)
    return l?.ecbRates ? (
      <Card title={t('rates.sourcesViewTitle')}>
        <Stack gap={6}>
          <Text size="sm">{t('rates.ecbActive')}</Text>
          {fetched && (
            <Text size="xs" c="dimmed">
              {t('rates.ecbFetched', { when: fetched })}
            </Text>
          )}
        </Stack>
      </Card>
    ) : null;

  return (
    <Card title={t('rates.sourcesTitle')}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
          <div style={{ flex: '1 1 240px' }}>
            <Text size="sm" fw={500}>
              {t('rates.csvTitle')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('rates.importHint')}
            </Text>
          </div>
          <Button variant="default" leftSection={<IconFileUpload size={18} />} onClick={() => setImporting(true)} disabled={!l}>
            {t('rates.importOpen')}
          </Button>
        </Group>
        <Stack gap={6}>
          <Switch
            label={t('rates.ecb')}
            description={t('rates.ecbHint')}
            checked={l?.ecbRates ?? false}
            onChange={(e) => void toggle(e.currentTarget.checked)}
            disabled={!l || setECB.isPending}
          />
          {l?.ecbRates && (
            <Group gap="sm" pl={54} wrap="wrap">
              {fetched && (
                <Text size="xs" c="dimmed">
                  {t('rates.ecbFetched', { when: fetched })}
                </Text>
              )}
              <Button size="xs" variant="light" leftSection={<IconDownload size={16} />} onClick={() => void now()} loading={download.isPending}>
                {t('rates.ecbNow')}
              </Button>
            </Group>
          )}
        </Stack>
      </Stack>
      {importing && <RatesImportDialog onClose={() => setImporting(false)} />}
    </Card>
  );
}
