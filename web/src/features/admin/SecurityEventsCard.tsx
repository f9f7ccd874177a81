import { useId } from 'react';
import { Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminSecurityEvent } from '@/shared/api/types';
import { breakpoints } from '@/shared/constants';
import { localeOf } from '@/shared/i18n';
import { errorMessage } from '@/shared/ui/problems';
import { eventSentence } from '@/shared/ui/securityEvents';
import { useNarrowerThan } from '@/shared/viewport';
import { useAdminSecurityEvents } from './api';

/** An administrator's changes, told in the third person (the user's own activity says "An administrator (…) disabled your account"). */
const byAdministrator: Partial<Record<AdminSecurityEvent['kind'], string>> = {
  account_disabled: 'admin.events.accountDisabled',
  account_enabled: 'admin.events.accountEnabled',
  made_administrator: 'admin.events.madeAdministrator',
  administrator_removed: 'admin.events.administratorRemoved',
  password_reset_link_created: 'admin.events.resetLinkCreated',
  password_reset_requested: 'admin.events.resetRequested',
  password_reset: 'admin.events.passwordReset',
};

function sentence(t: TFunction, e: AdminSecurityEvent): string {
  const key = byAdministrator[e.kind];
  return key ? t(key, { email: e.detail }) : eventSentence(t, e);
}

/** A failed sign-in stands out, as in the user's own activity. */
function What({ t, e }: { t: TFunction; e: AdminSecurityEvent }) {
  const failed = e.kind === 'sign_in_failed';
  return (
    <Text size="sm" fw={failed ? 600 : 400} component="span" style={{ display: 'inline-flex', gap: 6, alignItems: 'flex-start', overflowWrap: 'anywhere' }}>
      {failed && <IconAlertTriangle size={16} aria-hidden color="var(--cc-expenses)" style={{ flex: 'none', marginTop: 2 }} />}
      <span>{sentence(t, e)}</span>
    </Text>
  );
}

/** Every user's latest security events, newest first: when, whose, what and from where. */
export function SecurityEventsCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const events = useAdminSecurityEvents();
  const phone = useNarrowerThan(breakpoints.tablet);
  const when = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const time = (e: AdminSecurityEvent) => (
    <Text size="sm" c={phone ? 'dimmed' : undefined} component="time" dateTime={new Date(e.at).toISOString()}>
      {when.format(e.at)}
    </Text>
  );

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {t('admin.events.title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        {t('admin.events.hint')}
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
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {e.email}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {time(e)}
                {e.ip && ` · ${e.ip}`}
              </Text>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Table verticalSpacing={6} aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('security.when')}</Table.Th>
              <Table.Th scope="col">{t('admin.events.user')}</Table.Th>
              <Table.Th scope="col">{t('security.what')}</Table.Th>
              <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>
                {t('security.ip')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.data.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(e)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{e.email}</Text>
                </Table.Td>
                <Table.Td>
                  <What t={t} e={e} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{e.ip}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
