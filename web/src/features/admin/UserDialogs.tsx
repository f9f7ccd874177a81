import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminUser, PasswordResetLink } from '@/shared/api/types';
import { localeOf } from '@/shared/i18n';
import { CopyValue } from '@/shared/ui/CopyValue';
import { LazyModal } from '@/shared/ui/LazyModal';

/** How the administration names a user: the full name, else the email. */
export function userName(u: Pick<AdminUser, 'name' | 'lastName' | 'email'>): string {
  return [u.name, u.lastName].filter((s) => s.trim()).join(' ') || u.email;
}

/** The question before disabling a user: what it does (their sessions end, nothing is deleted), Cancel and Disable. */
export function DisableDialog({
  user,
  opened,
  busy,
  onCancel,
  onConfirm,
}: {
  user: AdminUser | null;
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <LazyModal opened={opened} onClose={onCancel} title={user ? t('admin.users.disableTitle', { name: userName(user) }) : ''}>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {user ? t('admin.users.disableText', { email: user.email }) : ''}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            {t('admin.users.disable')}
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}

/**
 * A password-reset link just made for a user: the link to copy and hand over,
 * and until when it works (once). The link wraps inside the dialog, never
 * widening the page.
 */
export function ResetLinkDialog({
  made,
  opened,
  onClose,
}: {
  made: { user: AdminUser; link: PasswordResetLink } | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const until = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'long', timeStyle: 'short' });
  // A server without CASHCONTROL_BASE_URL answers a path: the link to hand over is on this address.
  const url = made ? new URL(made.link.url, window.location.origin).href : '';
  return (
    <LazyModal opened={opened} onClose={onClose} title={t('admin.users.linkTitle')}>
      {made && (
        <Stack gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.users.linkFor', { email: made.user.email })}
          </Text>
          <Textarea
            label={t('admin.users.link')}
            value={url}
            readOnly
            autosize
            minRows={1}
            spellCheck={false}
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
            data-autofocus
          />
          <Group>
            <CopyValue value={url} label={t('admin.users.copy')} copied={t('admin.users.copied')} />
          </Group>
          <Text size="sm">{t('admin.users.linkOnce', { date: until.format(made.link.expiresAt) })}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('admin.users.done')}</Button>
          </Group>
        </Stack>
      )}
    </LazyModal>
  );
}
