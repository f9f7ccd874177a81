import { useId, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { IconCrown, IconDots, IconDoorExit, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/shared/api/queries';
import { ledgerRoles, type LedgerRole, type Member, type UserLedger } from '@/shared/api/types';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { memberName as fullName, useMembers } from '@/shared/api/ledgers';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';
import { useMemberMutations } from './api';
import { ConfirmDialog } from './ConfirmDialog';

type Asking = { kind: 'remove' | 'transfer'; member: Member } | { kind: 'leave' } | null;

/** Why the user cannot leave this ledger, if they cannot: their personal ledger, or they are its only owner. */
function leaveBlocker(ledger: UserLedger, members: Member[]): 'default' | 'lastOwner' | null {
  if (ledger.default) return 'default';
  if (ledger.role === 'owner' && members.filter((m) => m.role === 'owner').length <= 1) return 'lastOwner';
  return null;
}

/** A ledger's members: everyone sees them; owners change roles, remove people and hand over ownership; anyone may leave. */
export function MembersSection({ ledger }: { ledger: UserLedger }) {
  const { t } = useTranslation();
  const membersId = useId();
  const user = useUser();
  const members = useMembers(ledger.id);
  const { setRole, remove, transfer, leave } = useMemberMutations(ledger);
  // What was asked stays while its dialog closes (its text does not change under the fading dialog).
  const [asking, setAsking] = useState<Asking>(null);
  const [open, setOpen] = useState(false);
  const ask = (a: Asking) => {
    setAsking(a);
    setOpen(true);
  };
  const owner = ledger.role === 'owner';
  const list = members.data ?? [];
  const blocker = members.data ? leaveBlocker(ledger, list) : null;
  const roleOptions = ledgerRoles.map((r) => ({ value: r, label: t(`ledgers.roles.${r}`) }));

  const run = async (p: Promise<unknown>, message: string) => {
    try {
      await p;
      notifyOk(message);
      setOpen(false);
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const changeRole = (m: Member, role: LedgerRole) =>
    void run(setRole.mutateAsync({ userId: m.userId, role }), t('ledgers.roleChanged', { name: fullName(m), role: t(`ledgers.roles.${role}`) }));
  const confirm = () => {
    if (asking?.kind === 'remove') void run(remove.mutateAsync(asking.member.userId), t('ledgers.removed', { name: fullName(asking.member) }));
    if (asking?.kind === 'transfer') void run(transfer.mutateAsync(asking.member.userId), t('ledgers.transferred', { name: fullName(asking.member) }));
    if (asking?.kind === 'leave') void run(leave.mutateAsync(list.find((m) => m.you)?.userId ?? user.uid), t('ledgers.left', { name: ledger.name }));
  };
  const who = asking && asking.kind !== 'leave' ? fullName(asking.member) : '';
  const dialog =
    asking?.kind === 'remove'
      ? { title: t('ledgers.removeTitle', { name: who }), text: t('ledgers.removeText', { name: who, ledger: ledger.name }), action: t('ledgers.remove') }
      : asking?.kind === 'transfer'
        ? {
            title: t('ledgers.transferTitle', { name: who }),
            text: t('ledgers.transferText', { name: who, ledger: ledger.name }),
            action: t('ledgers.transfer'),
          }
        : { title: t('ledgers.leaveTitle', { name: ledger.name }), text: t('ledgers.leaveText', { name: ledger.name }), action: t('ledgers.leave') };

  return (
    <Card title={t('ledgers.membersOf', { name: ledger.name })} titleId={membersId}>
      <Loaded query={members} skeleton={48}>
        {() => (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={membersId}>
            {list.map((m) => (
              <Group key={m.userId} component="li" justify="space-between" wrap="wrap" gap="xs" py={8} style={{ borderBottom: '1px solid var(--cc-border)' }}>
                <div style={{ minWidth: 0, flex: '1 1 200px' }}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={500} truncate>
                      {fullName(m)}
                    </Text>
                    {m.you && (
                      <Badge size="sm" variant="light" color="gray">
                        {t('ledgers.you')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" truncate>
                    {m.email}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  {owner ? (
                    <Select
                      size="xs"
                      w={130}
                      aria-label={t('ledgers.roleOf', { name: fullName(m) })}
                      value={m.role}
                      data={roleOptions}
                      allowDeselect={false}
                      onChange={(v) => v && v !== m.role && changeRole(m, v as LedgerRole)}
                      comboboxProps={{ withinPortal: false }}
                    />
                  ) : (
                    <Badge variant="light" color={m.role === 'owner' ? 'brand' : 'gray'}>
                      {t(`ledgers.roles.${m.role}`)}
                    </Badge>
                  )}
                  {/* The user's own row has no actions: a space of the same width keeps the roles in one column. */}
                  {owner && m.you && <Box w={28} aria-hidden />}
                  {owner && !m.you && (
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={`${t('common.actions')}: ${fullName(m)}`}>
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconCrown size={16} />} onClick={() => ask({ kind: 'transfer', member: m })}>
                          {t('ledgers.transfer')}
                        </Menu.Item>
                        <Menu.Item color="red" leftSection={<IconUserMinus size={16} />} onClick={() => ask({ kind: 'remove', member: m })}>
                          {t('ledgers.remove')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Loaded>
      {members.data && (
        <Group justify="space-between" mt="md" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
            {blocker === 'default' ? t('ledgers.cannotLeaveDefault') : blocker === 'lastOwner' ? t('ledgers.cannotLeaveLastOwner') : t('ledgers.leaveHint')}
          </Text>
          <Button variant="default" color="red" leftSection={<IconDoorExit size={18} />} disabled={blocker !== null} onClick={() => ask({ kind: 'leave' })}>
            {t('ledgers.leave')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={open}
        title={dialog.title}
        text={dialog.text}
        action={dialog.action}
        color={asking?.kind === 'transfer' ? 'brand' : 'red'}
        busy={remove.isPending || transfer.isPending || leave.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      />
    </Card>
  );
}
