import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminSecurityEvent } from '@/shared/api/types';
import { SecurityEventList } from '@/shared/ui/SecurityEventList';
import { eventSentence } from '@/shared/ui/securityEvents';
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

/** Every user's latest security events, newest first: when, whose, what and from where. */
export function SecurityEventsCard() {
  const { t } = useTranslation();
  const events = useAdminSecurityEvents();
  return (
    <SecurityEventList
      title={t('admin.events.title')}
      hint={t('admin.events.hint')}
      events={events}
      sentence={(e) => sentence(t, e)}
      columns={(c) => [
        c.when,
        { header: t('admin.events.user'), cell: (e) => <Text size="sm">{e.email}</Text> },
        c.what,
        { header: t('security.ip'), cell: (e) => <Text size="sm">{e.ip}</Text> },
      ]}
      lines={(c, e) => [
        <Text key="email" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {e.email}
        </Text>,
        <Text key="when" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {c.time(e)}
          {e.ip && ` · ${e.ip}`}
        </Text>,
      ]}
    />
  );
}
