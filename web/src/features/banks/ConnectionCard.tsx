import { useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconUnlink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Account } from '@/shared/api/schema.gen';
import { localeOf } from '@/shared/i18n';
import { LazyModal } from '@/shared/ui/LazyModal';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { errorMessage } from '@/shared/ui/problems';
import { useDisconnectBank, useSetSyncEvery, useSyncBank, type BankConnection } from './api';
import { BankAccountRow } from './BankAccountRow';
import { BankPicker } from './BankPicker';
import { MatchesList } from './MatchesList';
import { codeMessage, connectionName } from './names';

/** A consent with this many days left or fewer is warned about (the banks give 90 to 180). */
export const consentWarnDays = 14;

/** The intervals offered for the scheduled sync (hours; 0: by hand only). */
const intervals = [0, 1, 3, 6, 12, 24, 48, 168];

// Filled in dark shades: white text on them passes AA in both themes.
const statusColor = { active: 'teal.9', pending: 'blue.9', expired: 'red.9' } as const;

/**
 * One bank connection: its provider and status, the last sync and what it
 * did or why it failed, the consent's end (and re-authorisation for Enable
 * Banking), how often it syncs, Sync now and Disconnect; its bank accounts and
 * the matches its syncs made. A pending Enable Banking connection shows the
 * bank choice instead.
 */
export function ConnectionCard({ connection: c, accounts, canWrite }: { connection: BankConnection; accounts: Account[]; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const sync = useSyncBank();
  const every = useSetSyncEvery();
  const disconnect = useDisconnectBank();
  const [asking, setAsking] = useState(false);
  const [reauthorising, setReauthorising] = useState(false);
  const name = connectionName(t, c);
  const headingId = `bank-connection-${c.id}`;
  const when = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  const dateOf = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  const eb = c.provider === 'enablebanking';
  const days = c.consentDaysLeft;
  const consentLow = days !== null && days <= consentWarnDays;

  const runSync = async () => {
    try {
      const r = await sync.mutateAsync(c.id);
      notifyOk(t('banks.synced', r));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const setEvery = async (v: string | null) => {
    try {
      await every.mutateAsync({ id: c.id, syncEveryHours: Number(v ?? 0) });
      notifyOk(t('banks.everySaved'));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const remove = async () => {
    try {
      await disconnect.mutateAsync(c.id);
      setAsking(false);
      notifyOk(t('banks.disconnected'));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };

  const disconnectButton = (
    <Button
      variant="default"
      color="red"
      leftSection={<IconUnlink size={18} aria-hidden />}
      onClick={() => setAsking(true)}
      disabled={!canWrite}
      aria-label={`${t('banks.disconnect')}: ${name}`}
    >
      {t('banks.disconnect')}
    </Button>
  );
  const intervalLabel = (h: number) =>
    h === 0 ? t('banks.everyManual') : h === 24 ? t('banks.everyDaily') : h === 168 ? t('banks.everyWeekly') : t('banks.everyHours', { count: h });
  const options = (intervals.includes(c.syncEveryHours) ? intervals : [...intervals, c.syncEveryHours].sort((a, b) => a - b)).map((h) => ({
    value: String(h),
    label: intervalLabel(h),
  }));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h3" id={headingId}>
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`banks.provider_${c.provider}`)}
            </Text>
          </div>
          <Badge color={statusColor[c.status]} variant="filled" tt="none" size="lg" fw={500}>
            {t(`banks.status_${c.status}`)}
          </Badge>
        </Group>

        {c.status === 'pending' && eb && canWrite ? (
          <>
            <BankPicker connection={c} />
            {/* A connection left waiting (the user chose not to authorise) can go. */}
            <Group justify="flex-end">{disconnectButton}</Group>
          </>
        ) : (
          <>
            <div>
              <Text size="sm">{c.lastSyncAt ? t('banks.lastSync', { when: when(c.lastSyncAt) }) : t('banks.neverSynced')}</Text>
              {c.lastSync && !c.lastError && (
                <Text size="sm" c="dimmed">
                  {t('banks.syncResult', c.lastSync)}
                </Text>
              )}
            </div>
            {c.lastError && (
              <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('banks.syncFailed')} role="alert">
                <Stack gap={4}>
                  <Text size="sm">{codeMessage(t, c.lastError.code)}</Text>
                  {c.lastError.message && c.lastError.code === 'bank_unavailable' && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {t('banks.bankSays', { message: c.lastError.message })}
                    </Text>
                  )}
                  {c.lastError.retryAt && <Text size="sm">{t('banks.retryAt', { when: when(Date.parse(c.lastError.retryAt)) })}</Text>}
                </Stack>
              </Alert>
            )}
            {c.consentEnd && days !== null && (
              <Alert
                color={consentLow ? 'orange' : 'gray'}
                variant={consentLow ? 'light' : 'transparent'}
                p={consentLow ? undefined : 0}
                icon={consentLow ? <IconAlertTriangle size={18} aria-hidden /> : undefined}
                role={consentLow ? 'alert' : undefined}
                styles={{ title: { color: 'var(--mantine-color-text)' } }}
              >
                <Stack gap={6}>
                  <Text size="sm">
                    {days === 0 ? t('banks.consentEnded') : t('banks.consentEnds', { count: days, date: dateOf(c.consentEnd) })}
                    {consentLow && days > 0 ? ` ${t('banks.consentSoon')}` : ''}
                  </Text>
                  {eb && canWrite && (consentLow || c.status === 'expired') && !reauthorising && (
                    <Group>
                      <Button size="xs" variant="light" onClick={() => setReauthorising(true)}>
                        {t('banks.reauthorise')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Alert>
            )}
            {eb && canWrite && c.status === 'expired' && !c.consentEnd && !reauthorising && (
              <Group>
                <Button size="xs" variant="light" onClick={() => setReauthorising(true)}>
                  {t('banks.reauthorise')}
                </Button>
              </Group>
            )}
            {reauthorising && <BankPicker connection={c} onCancel={() => setReauthorising(false)} />}
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <Select
                label={t('banks.every')}
                data={options}
                value={String(c.syncEveryHours)}
                onChange={(v) => void setEvery(v)}
                allowDeselect={false}
                disabled={!canWrite || every.isPending}
                w={260}
                comboboxProps={{ withinPortal: true }}
              />
              <Group gap="xs">
                <Button
                  leftSection={<IconRefresh size={18} aria-hidden />}
                  onClick={() => void runSync()}
                  loading={sync.isPending}
                  disabled={!canWrite || c.status === 'pending'}
                  aria-label={`${t('banks.syncNow')}: ${name}`}
                >
                  {t('banks.syncNow')}
                </Button>
                {disconnectButton}
              </Group>
            </Group>
            <Divider />
            <Title order={3} size="h5">
              {t('banks.accountsTitle')}
            </Title>
            {c.accounts.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('banks.noAccounts')}
              </Text>
            ) : (
              <Stack component="ul" gap="md" aria-label={`${t('banks.accountsTitle')}: ${name}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {c.accounts.map((b) => (
                  <BankAccountRow key={b.id} connectionId={c.id} account={b} accounts={accounts} canWrite={canWrite} />
                ))}
              </Stack>
            )}
            <MatchesList connectionId={c.id} accounts={c.accounts} canWrite={canWrite} />
          </>
        )}
      </Stack>
      <LazyModal opened={asking} onClose={() => setAsking(false)} title={t('banks.disconnect')}>
        <Stack gap="sm">
          <Text size="sm">{t('banks.disconnectQuestion', { name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={disconnect.isPending} onClick={() => void remove()}>
              {t('banks.disconnect')}
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </Paper>
  );
}
