import { useId } from 'react';
import { Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDatabaseExport } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import type { BackupRun, BackupStatus } from '@/shared/api/types';
import { breakpoints } from '@/shared/constants';
import { localeOf } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useNarrowerThan } from '@/shared/viewport';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';
import { useBackUpNow, useBackups } from './api';

const wrap = { overflowWrap: 'anywhere' } as const;

/** "Every day", "Every 12 hours": the largest whole unit of the seconds between two backups. */
function everyText(t: TFunction, seconds: number): string {
  if (seconds % 86_400 === 0) return t('admin.backups.everyDays', { count: seconds / 86_400 });
  if (seconds % 3_600 === 0) return t('admin.backups.everyHours', { count: seconds / 3_600 });
  if (seconds % 60 === 0) return t('admin.backups.everyMinutes', { count: seconds / 60 });
  return t('admin.backups.everySeconds', { count: seconds });
}

/** "1.2 MB" (decimal units, as file managers show them), in the language's own way ("1,2 Mo"). */
function sizeText(lang: string, bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let i = 0;
  let n = bytes;
  while (n >= 1000 && i < units.length - 1) {
    n /= 1000;
    i++;
  }
  return new Intl.NumberFormat(localeOf(lang), { style: 'unit', unit: units[i], unitDisplay: 'short', maximumFractionDigits: i === 0 ? 0 : 1 }).format(n);
}

/** The file's name without its folder (the server's path, in either kind of separator). */
function fileName(path: string): string {
  return path.split(/[/\\]/).pop() ?? path;
}

/** The backup's file name, its whole path on hover. */
function FileName({ run }: { run: BackupRun }) {
  return (
    <Text size="sm" ff="monospace" title={run.file} style={wrap}>
      {fileName(run.file)}
    </Text>
  );
}

/** Written; failed (with the server's reason, in its words); or not finished. */
function Result({ t, run }: { t: TFunction; run: BackupRun }) {
  if (run.error)
    return (
      <Text size="sm" component="span" style={{ display: 'inline-flex', gap: 6, alignItems: 'flex-start', ...wrap }}>
        <IconAlertTriangle size={16} aria-hidden color="var(--cc-expenses)" style={{ flex: 'none', marginTop: 2 }} />
        <span>
          <Text span fw={600} size="sm" c="var(--cc-expenses)">
            {t('admin.backups.failed')}
          </Text>
          {': '}
          {run.error}
        </span>
      </Text>
    );
  if (!run.finishedAt)
    return (
      <Text size="sm" c="dimmed" component="span" title={t('admin.backups.unfinishedTitle')}>
        {t('admin.backups.unfinished')}
      </Text>
    );
  return (
    <Text size="sm" component="span">
      {t('admin.backups.ok')}
    </Text>
  );
}

/** The schedule (how often, how many kept, where) or how to turn it on; and how to restore. */
function Schedule({ status }: { status: BackupStatus }) {
  const { t } = useTranslation();
  const code = { code: <Code /> }; // the settings and the command, as typed
  if (!status.enabled)
    return (
      <Stack gap={6}>
        <Text size="sm">
          <Trans t={t} i18nKey="admin.backups.offHint" components={code} />
        </Text>
        <Text size="sm" c="dimmed">
          <Trans t={t} i18nKey="admin.backups.restoreHint" components={code} />
        </Text>
      </Stack>
    );
  const row = (label: string, value: React.ReactNode) => (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" w={110} style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ minWidth: 0, ...wrap }}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {t('admin.backups.onHint')}
      </Text>
      <Stack component="dl" gap={4} m={0}>
        {row(t('admin.backups.every'), everyText(t, status.every))}
        {row(t('admin.backups.kept'), t('admin.backups.keep', { count: status.keep }))}
        {row(t('admin.backups.folder'), <Code>{status.dir}</Code>)}
      </Stack>
      <Text size="sm" c="dimmed">
        <Trans t={t} i18nKey="admin.backups.restoreHint" components={code} />
      </Text>
    </Stack>
  );
}

/** The last backups, newest first: a table, or a list on a phone. */
function Runs({ runs, labelledBy }: { runs: BackupRun[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const phone = useNarrowerThan(breakpoints.tablet);
  const when = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const time = (r: BackupRun) => (
    <Text size="sm" component="time" dateTime={new Date(r.startedAt).toISOString()}>
      {when.format(r.startedAt)}
    </Text>
  );
  const size = (r: BackupRun) => (r.finishedAt && !r.error ? sizeText(i18n.language, r.size) : '—');

  if (runs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('admin.backups.empty')}
      </Text>
    );
  if (phone)
    return (
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={labelledBy}>
        {runs.map((r) => (
          <Stack key={`${r.startedAt}-${r.file}`} component="li" gap={2} py={8} style={{ borderBottom: '1px solid var(--cc-border)', minWidth: 0 }}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              {time(r)}
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {size(r)}
              </Text>
            </Group>
            {r.file && <FileName run={r} />}
            <Result t={t} run={r} />
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Table verticalSpacing={6} aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('admin.backups.when')}</Table.Th>
          <Table.Th scope="col">{t('admin.backups.file')}</Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            {t('admin.backups.size')}
          </Table.Th>
          <Table.Th scope="col">{t('admin.backups.result')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {runs.map((r) => (
          <Table.Tr key={`${r.startedAt}-${r.file}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(r)}</Table.Td>
            <Table.Td>{r.file && <FileName run={r} />}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              <Text size="sm">{size(r)}</Text>
            </Table.Td>
            <Table.Td>
              <Result t={t} run={r} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The instance's backups: whether the server takes them on a schedule (and how), the last ones taken, and "Back up now". */
export function BackupsCard() {
  const { t } = useTranslation();
  const lastId = useId();
  const backups = useBackups();
  const now = useBackUpNow();

  const backUp = async () => {
    try {
      const run = await now.mutateAsync();
      notifyOk(t('admin.backups.done', { file: fileName(run.file) }));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const status = backups.data;

  return (
    <Card
      title={t('admin.backups.title')}
      badge={
        status && (
          <Badge size="sm" variant={status.enabled ? 'filled' : 'light'} color={status.enabled ? 'green' : 'gray'}>
            {status.enabled ? t('admin.backups.on') : t('admin.backups.off')}
          </Badge>
        )
      }
      action={
        status?.enabled && (
          <Button leftSection={<IconDatabaseExport size={18} aria-hidden />} loading={now.isPending} onClick={() => void backUp()}>
            {t('admin.backups.now')}
          </Button>
        )
      }
    >
      {/* Always there, so that screen readers hear it when it fills. */}
      <div role="status">
        {now.isPending && (
          <Text size="sm" c="dimmed" mb="sm">
            {t('admin.backups.running')}
          </Text>
        )}
      </div>
      <Loaded query={backups} skeleton={96}>
        {(status) => (
          <Stack gap="md">
            <Schedule status={status} />
            <div>
              <Title order={3} size="h5" id={lastId} mb={4}>
                {t('admin.backups.last')}
              </Title>
              <Runs runs={status.runs} labelledBy={lastId} />
            </div>
          </Stack>
        )}
      </Loaded>
    </Card>
  );
}
