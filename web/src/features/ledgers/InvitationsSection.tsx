import { useId, useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLink, IconMailForward, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ledgerRoles, type LedgerRole, type NewInvitation, type UserLedger } from '@/shared/api/types';
import { localeOf } from '@/shared/i18n';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useInvitationMutations, useInvitations } from './api';
import { CopyValue } from '@/shared/ui/CopyValue';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';

/** The link of an invitation just made: shown this once, with a Copy button. */
function InvitationLink({ invitation }: { invitation: NewInvitation }) {
  const { t } = useTranslation();
  // Always in the answer to a new invitation (the list of pending ones leaves it out).
  const url = invitation.url ?? '';
  return (
    // A plain box in the page's colours (a green alert's title is under 4.5:1 on its tint).
    <Paper withBorder p="md" radius="md" role="status" style={{ borderColor: 'var(--mantine-primary-color-filled)' }}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconLink size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('ledgers.linkTitle', { email: invitation.email })}
          </Text>
        </Group>
        <Group gap="xs" wrap="wrap" align="flex-end">
          <TextInput label={t('ledgers.link')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} style={{ flex: '1 1 240px', minWidth: 0 }} />
          <CopyValue value={url} label={t('ledgers.copy')} copied={t('ledgers.copied')} />
        </Group>
        <Text size="sm">{t('ledgers.linkNote')}</Text>
        {invitation.emailed && <Text size="sm">{t('ledgers.emailed', { email: invitation.email })}</Text>}
      </Stack>
    </Paper>
  );
}

/** Owners invite people by email with a role, get the link to send, and revoke invitations not yet accepted. */
export function InvitationsSection({ ledger }: { ledger: UserLedger }) {
  const { t, i18n } = useTranslation();
  const pendingId = useId();
  const pending = useInvitations(ledger.id);
  const { invite, revoke } = useInvitationMutations(ledger.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<LedgerRole>('editor');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [made, setMade] = useState<NewInvitation | null>(null);
  const date = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium' });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setErrors({ email: t('fieldErrors.required') });
    setErrors({});
    try {
      const inv = await invite.mutateAsync({ email: email.trim(), role });
      setMade(inv);
      setEmail('');
      notifyOk(t('ledgers.invited', { email: inv.email }));
    } catch (err) {
      setErrors(fieldErrors(t, err));
      notifyError(errorMessage(t, err));
    }
  };
  const doRevoke = async (id: string, to: string) => {
    try {
      await revoke.mutateAsync(id);
      if (made?.id === id) setMade(null);
      notifyOk(t('ledgers.revoked', { email: to }));
    } catch (err) {
      notifyError(errorMessage(t, err));
    }
  };

  return (
    <Card title={t('ledgers.inviteTitle', { name: ledger.name })} hint={t('ledgers.inviteHint')}>
      <Stack gap="sm">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label={t('ledgers.email')}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
              required
              style={{ flex: '1 1 220px' }}
            />
            <Select
              label={t('ledgers.role')}
              value={role}
              onChange={(v) => v && setRole(v as LedgerRole)}
              data={ledgerRoles.map((r) => ({ value: r, label: t(`ledgers.roles.${r}`) }))}
              allowDeselect={false}
              error={errors.role}
              comboboxProps={{ withinPortal: false }}
              w={150}
            />
            <Button type="submit" loading={invite.isPending} leftSection={<IconMailForward size={18} />} mt={25}>
              {t('ledgers.invite')}
            </Button>
          </Group>
        </form>
        <Text size="xs" c="dimmed">
          {t(`ledgers.roleHints.${role}`)}
        </Text>
        {made && <InvitationLink invitation={made} />}
        <Title order={3} size="h4" id={pendingId} mt="xs">
          {t('ledgers.pending')}
        </Title>
        <Loaded query={pending} skeleton={24} empty={t('ledgers.noPending')}>
          {(list) => (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={pendingId}>
              {list.map((inv) => (
                <Group key={inv.id} component="li" justify="space-between" wrap="nowrap" gap="xs" py={6} style={{ borderBottom: '1px solid var(--cc-border)' }}>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {inv.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`ledgers.roles.${inv.role}`)} · {t('ledgers.expires', { date: date.format(new Date(inv.expiresAt)) })}
                    </Text>
                  </div>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconX size={14} />}
                    aria-label={t('ledgers.revokeFor', { email: inv.email })}
                    loading={revoke.isPending && revoke.variables === inv.id}
                    onClick={() => void doRevoke(inv.id, inv.email)}
                  >
                    {t('ledgers.revoke')}
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </Loaded>
      </Stack>
    </Card>
  );
}
