import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SecurityEvent } from '@/shared/api/types';
import { SecurityEventList } from '@/shared/ui/SecurityEventList';
// The sentences are shared: the administration lists every user's events too.
import { eventSentence } from '@/shared/ui/securityEvents';
import { Text } from '@mantine/core';
import { useSecurityEvents } from './api';
import { deviceOf } from './userAgent';

/** "Firefox on Android", or what is known of it. */
function deviceName(t: TFunction, userAgent: string): string {
  const { browser, os } = deviceOf(userAgent);
  if (browser && os) return t('security.deviceOn', { browser, os });
  return browser ?? os ?? t('security.unknownDevice');
}

/**
 * The user's recent security events: sign-ins (and failed ones), and changes
 * to how they sign in, with where from.
 */
export function SecurityActivity() {
  const { t } = useTranslation();
  const events = useSecurityEvents();
  const device = (e: SecurityEvent) => (
    // The full User-Agent on hover; the short name is what people recognise.
    <span title={e.userAgent || undefined}>{deviceName(t, e.userAgent)}</span>
  );
  return (
    <SecurityEventList
      title={t('security.title')}
      hint={t('security.hint')}
      events={events}
      sentence={(e) => eventSentence(t, e)}
      columns={(c) => [c.when, c.what, { header: t('security.ip'), cell: (e) => e.ip }, { header: t('security.device'), cell: device }]}
      lines={(c, e) => [
        <span key="time">{c.time(e)}</span>,
        <Text key="where" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {e.ip && `${e.ip} · `}
          {device(e)}
        </Text>,
      ]}
    />
  );
}
