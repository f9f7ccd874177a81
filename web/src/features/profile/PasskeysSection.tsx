import { useId, useState } from 'react';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFingerprint, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMeta } from '@/shared/api/queries';
import type { Passkey } from '@/shared/api/types';
import { localeOf } from '@/shared/i18n';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';
import { AddPasskeyDialog, RemovePasskeyDialog, RenamePasskeyDialog } from './PasskeysDialogs';
import { usePasskeys } from './passkeysApi';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When a passkey last signed in: "Never used", "Last used 5 minutes ago" within a day, else the date and time. */
function lastUse(t: TFunction, locale: string, at: number | null, now: number): string {
  if (at === null) return t('passkeys.neverUsed');
  const ago = now - at;
  if (ago < MINUTE) return t('passkeys.usedNow');
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < HOUR) return t('passkeys.usedAgo', { when: relative.format(-Math.floor(ago / MINUTE), 'minute') });
  if (ago < DAY) return t('passkeys.usedAgo', { when: relative.format(-Math.floor(ago / HOUR), 'hour') });
  return t('passkeys.usedOn', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at) });
}

/** One passkey: its name, when it was added and last used, Rename and Remove. now: when the list came. */
function PasskeyRow({ passkey, now, onRename, onRemove }: { passkey: Passkey; now: number; onRename: () => void; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const added = t('passkeys.addedOn', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(passkey.createdAt) });
  return (
    // On a phone the buttons go under the dates (which stay on a line or two), not beside them.
    <Group component="li" justify="space-between" align="flex-start" gap="xs" py="sm" style={{ borderTop: '1px solid var(--cc-border)' }}>
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {passkey.name}
        </Text>
        <Text size="sm" c="dimmed">
          {`${added} · ${lastUse(t, locale, passkey.lastUsedAt, now)}`}
        </Text>
      </Stack>
      {/* Under the dates, the first button's word lines up with them (an xs button's padding is 14 px). */}
      <Group gap={4} wrap="nowrap" ml={-14} style={{ flex: 'none' }}>
        <Button size="xs" variant="subtle" aria-label={t('passkeys.renameName', { name: passkey.name })} onClick={onRename}>
          {t('passkeys.rename')}
        </Button>
        <Button size="xs" variant="subtle" color="red" aria-label={t('passkeys.removeName', { name: passkey.name })} onClick={onRemove}>
          {t('passkeys.remove')}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * Passkeys on the profile: what they are, the user's passkeys with Rename and
 * Remove, and Add a passkey. On a server reached by an IP address (WebAuthn
 * needs a host name) it says why there are none, and offers no button.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const meta = useMeta();
  const available = meta.data?.passkeys === true;
  const passkeys = usePasskeys(meta.data !== undefined);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  // Off on this address: the ones added before (at another address) may still be renamed and removed.
  const list = available || (passkeys.data?.length ?? 0) > 0;

  return (
    <Card
      title={t('passkeys.title')}
      titleId={titleId}
      icon={IconFingerprint}
      action={
        available && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
            {t('passkeys.add')}
          </Button>
        )
      }
    >
      {!meta.data ? (
        <Skeleton h={56} />
      ) : (
        <Text size="sm" c="dimmed" mb={list ? 'sm' : undefined}>
          {available ? t('passkeys.hint') : t('passkeys.unavailable')}
        </Text>
      )}
      {list && (
        <Loaded query={passkeys} skeleton={56} empty={t('passkeys.empty')}>
          {(keys) => (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
              {keys.map((p) => (
                <PasskeyRow key={p.id} passkey={p} now={passkeys.dataUpdatedAt} onRename={() => setRenaming(p)} onRemove={() => setRemoving(p)} />
              ))}
            </Stack>
          )}
        </Loaded>
      )}
      {adding && <AddPasskeyDialog onClose={() => setAdding(false)} />}
      {renaming && <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />}
      {removing && <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
}
