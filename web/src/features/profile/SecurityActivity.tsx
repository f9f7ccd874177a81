import { useId } from 'react';
import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SecurityEvent } from '@/shared/api/types';
import { breakpoints } from '@/shared/constants';
import { localeOf } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/problems';
// The sentences are shared: the administration lists every user's events too.
import { eventSentence } from '@/shared/ui/securityEvents';
import { useNarrowerThan } from '@/shared/viewport';
import { useSecurityEvents } from './api';
import { deviceOf } from './userAgent';

/** "Firefox on Android", or what is known of it. */
function deviceName(t: TFunction, userAgent: string): string {
  const { browser, os } = deviceOf(userAgent);
  if (browser && os) return t('security.deviceOn', { browser, os });
  return browser ?? os ?? t('security.unknownDevice');
}

/** A failed sign-in stands out: someone may be trying the password. */
function What({ t, e }: { t: TFunction; e: SecurityEvent }) {
  const failed = e.kind === 'sign_in_failed';
  return (
    <Text size="sm" fw={failed ? 600 : 500} component="span" style={{ display: 'inline-flex', gap: 6, alignItems: 'flex-start' }}>
      {failed && <IconAlertTriangle size={16} aria-hidden color="var(--cc-expenses)" style={{ flex: 'none', marginTop: 2 }} />}
      <span>{eventSentence(t, e)}</span>
    </Text>
  );
}

/**
 * The user's recent security events: sign-ins (and failed ones), and changes
 * to how they sign in, with where from. A table on a wide screen; on a phone
 * each event's fields stack, so nothing runs off the side.
 */
export function SecurityActivity() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const events = useSecurityEvents();
  const phone = useNarrowerThan(breakpoints.tablet);
  const when = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const time = (e: SecurityEvent) => (
    <Text size="sm" c={phone ? 'dimmed' : undefined} component="time" dateTime={new Date(e.at).toISOString()}>
      {when.format(e.at)}
    </Text>
  );
  const device = (e: SecurityEvent) => (
    // The full User-Agent on hover; the short name is what people recognise.
    <span title={e.userAgent || undefined}>{deviceName(t, e.userAgent)}</span>
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('security.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('security.hint')}
      </Text>
      {events.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(t, events.error)}
        </Text>
      ) : !events.data ? (
        <Skeleton h={96} />
      ) : events.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('security.empty')}
        </Text>
      ) : phone ? (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
          {events.data.map((e) => (
            <Stack key={e.id} component="li" gap={2} py={8} style={{ borderBottom: '1px solid var(--cc-border)', minWidth: 0 }}>
              <What t={t} e={e} />
              {time(e)}
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {e.ip && (
                  <>
                    {e.ip}
                    {' · '}
                  </>
                )}
                {device(e)}
              </Text>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Table verticalSpacing={6} aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('security.when')}</Table.Th>
              <Table.Th scope="col">{t('security.what')}</Table.Th>
              <Table.Th scope="col">{t('security.ip')}</Table.Th>
              <Table.Th scope="col">{t('security.device')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.data.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(e)}</Table.Td>
                <Table.Td>
                  <What t={t} e={e} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.ip}</Table.Td>
                <Table.Td>{device(e)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
