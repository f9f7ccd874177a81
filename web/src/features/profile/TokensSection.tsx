import { useId, useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '@/shared/api/types';
import { localeOf } from '@/shared/i18n';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';
import { NewTokenDialog, RevokeTokenDialog } from './TokensDialogs';
import { useApiTokens } from './tokensApi';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When a token was last used: "Never used", "Last used 5 minutes ago" within a day, else the date and time. */
export function lastUsed(t: TFunction, locale: string, at: number | null, now: number): string {
  if (at === null) return t('tokens.neverUsed');
  const ago = now - at;
  if (ago < MINUTE) return t('tokens.usedNow');
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < HOUR) return t('tokens.usedAgo', { when: relative.format(-Math.floor(ago / MINUTE), 'minute') });
  if (ago < DAY) return t('tokens.usedAgo', { when: relative.format(-Math.floor(ago / HOUR), 'hour') });
  return t('tokens.usedOn', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at) });
}

/** One token: its name, what it may do, the hint that tells it apart, its dates, and Revoke. now: when the list came. */
function TokenRow({ token, now, onRevoke }: { token: ApiToken; now: number; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const expired = token.expiresAt !== null && token.expiresAt <= now;
  const facts = [
    t('tokens.created', { date: day.format(token.createdAt) }),
    token.expiresAt === null ? t('tokens.never') : t(expired ? 'tokens.expiredOn' : 'tokens.expires', { date: day.format(token.expiresAt) }),
    lastUsed(t, locale, token.lastUsedAt, now),
  ];
  return (
    <Group component="li" justify="space-between" wrap="nowrap" align="flex-start" gap="sm" py="sm" style={{ borderTop: '1px solid var(--cc-border)' }}>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap={8} wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {token.name}
          </Text>
          <Badge size="sm" variant="light" color={token.scope === 'write' ? 'brand' : 'gray'} style={{ flex: 'none' }}>
            {token.scope === 'write' ? t('tokens.write') : t('tokens.read')}
          </Badge>
          {expired && (
            <Badge size="sm" variant="filled" color="red.9" style={{ flex: 'none' }}>
              {t('tokens.expired')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          <Text span ff="monospace" size="sm" c="var(--mantine-color-text)">
            {token.hint}
          </Text>
          {facts.map((f) => ` · ${f}`).join('')}
        </Text>
      </Stack>
      <Button size="xs" variant="subtle" color="red" style={{ flex: 'none' }} aria-label={t('tokens.revokeName', { name: token.name })} onClick={onRevoke}>
        {t('tokens.revoke')}
      </Button>
    </Group>
  );
}

/**
 * Personal API tokens on the profile: what they are for, the user's tokens
 * (newest first) with Revoke, and New token, whose secret is shown once.
 */
export function TokensSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <Card
      title={t('tokens.title')}
      titleId={titleId}
      icon={IconKey}
      hint={t('tokens.hint')}
      action={
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          {t('tokens.new')}
        </Button>
      }
    >
      <Loaded query={tokens} skeleton={56} empty={t('tokens.empty')}>
        {(list) => (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
            {list.map((tok) => (
              <TokenRow key={tok.id} token={tok} now={tokens.dataUpdatedAt} onRevoke={() => setRevoking(tok)} />
            ))}
          </Stack>
        )}
      </Loaded>
      {creating && <NewTokenDialog onClose={() => setCreating(false)} />}
      {revoking && <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />}
    </Card>
  );
}
