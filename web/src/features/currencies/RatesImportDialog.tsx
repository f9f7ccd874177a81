import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, FileInput, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatRate } from '@/shared/money';
import { errorMessage } from '@/shared/ui/problems';
import { notifyOk } from '@/shared/ui/notify';
import { previewRates, useImportRates, type RatesPreview } from './api';

/** A CSV of rates (date,currency,rate): read it, see what it holds and its bad lines, then store it in one go. */
export function RatesImportDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const day = dayFormatter(locale);
  const importRates = useImportRates();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<RatesPreview | null>(null);
  const [skipBad, setSkipBad] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const invalid = preview ? preview.total - preview.valid : 0;

  const read = async () => {
    if (!file) return;
    setReading(true);
    setError(null);
    try {
      setPreview(await previewRates(file));
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setReading(false);
    }
  };
  const commit = async () => {
    if (!file) return;
    setError(null);
    try {
      const r = await importRates.mutateAsync({ file, skipInvalid: skipBad });
      notifyOk(t('rates.imported', { count: r.imported }));
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('rates.importTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('rates.importHint')}
        </Text>
        <FileInput
          label={t('rates.file')}
          accept=".csv,text/csv,text/plain"
          value={file}
          onChange={(f) => {
            setFile(f);
            setPreview(null);
            setSkipBad(false);
          }}
          leftSection={<IconFileUpload size={18} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': t('common.clear') }}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {!preview ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void read()} loading={reading} disabled={!file}>
              {t('import.upload')}
            </Button>
          </Group>
        ) : (
          <>
            <Group gap="xs">
              <Badge variant="light">{t('rates.read', { count: preview.valid })}</Badge>
              {invalid > 0 && (
                <Badge color="red" variant="light">
                  {t('rates.badLines', { count: invalid })}
                </Badge>
              )}
            </Group>
            {preview.errors.length > 0 && (
              <Alert color="red" variant="light" title={t('rates.badLines', { count: invalid })} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
                <Stack gap={2}>
                  {preview.errors.slice(0, 8).map((e) => (
                    <Text key={`${e.line}-${e.field}`} size="sm">
                      {t('import.rowError', {
                        line: e.line,
                        field: t(`rates.fields.${e.field}`, { defaultValue: e.field }),
                        problem: t(`fieldErrors.${e.code}`),
                      })}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            {preview.rows.length > 0 && (
              <ScrollArea.Autosize mah={260} viewportProps={{ tabIndex: 0 }}>
                <Table striped withTableBorder aria-label={t('import.preview')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('rates.date')}</Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('rates.rate')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.rows.map((r) => (
                      <Table.Tr key={r.line}>
                        <Table.Td>{day(r.date)}</Table.Td>
                        <Table.Td ta="right" className="cc-amount">
                          {t('rates.oneUnit', { currency: r.currency, rate: formatRate(r.rate, locale), quote: preview.quote })}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            {invalid > 0 && <Checkbox label={t('rates.skipBad')} checked={skipBad} onChange={(e) => setSkipBad(e.currentTarget.checked)} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void commit()} loading={importRates.isPending} disabled={preview.valid === 0 || (invalid > 0 && !skipBad)}>
                {t('rates.importCommit', { count: preview.valid })}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
