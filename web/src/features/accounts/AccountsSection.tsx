import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArchive, IconArrowDown, IconArrowUp, IconDots, IconPencil, IconPlus, IconRestore, IconScale, IconTrash, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccounts, useCanWrite } from '@/shared/api/queries';
import { useCurrencyBook } from '@/shared/api/currencyBook';
import type { Account } from '@/shared/api/types';
import { Amount } from '@/shared/ui/Amount';
import { dayFormatter } from '@/shared/dates';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { EmptyState } from '@/shared/ui/EmptyState';
import { ReadOnlyNotice } from '@/shared/ui/ReadOnlyNotice';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { AccountDialog } from './AccountDialog';
import { useAccountMutations } from './api';
import { LazyModal } from '@/shared/ui/LazyModal';

/** Configuration's Accounts section: balances, add, edit, archive, reorder. */
export function AccountsSection() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const day = dayFormatter(locale);
  const { data: accounts = [] } = useAccounts();
  // A viewer of the ledger sees the accounts and their balances, and changes nothing.
  const canWrite = useCanWrite();
  useCurrencyBook(accounts.map((a) => a.currency));
  const { update, remove, reorder } = useAccountMutations();
  const [editing, setEditing] = useState<Account | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const [confirm, setConfirm] = useState('');

  const move = (i: number, d: number) => {
    const ids = accounts.map((a) => a.id);
    const j = i + d;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    reorder.mutate(ids);
  };
  const run = async (p: Promise<unknown>) => {
    try {
      await p;
      notifyOk(t('common.saved'));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  const doDelete = async () => {
    if (!deleting) return;
    await run(remove.mutateAsync({ id: deleting.id, confirm: deleting.hasMovements ? confirm : undefined }));
    setDeleting(null);
    setConfirm('');
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <Title order={2} size="h3">
            {t('accounts.title')}
          </Title>
          <ReadOnlyNotice />
        </Group>
        {canWrite && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')} size="sm">
            {t('accounts.add')}
          </Button>
        )}
      </Group>
      {accounts.length === 0 ? (
        <EmptyState icon={IconWallet} text={canWrite ? t('accounts.empty') : t('accounts.emptyView')} />
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {accounts.map((a, i) => (
            <Group
              key={a.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py={6}
              style={{ borderBottom: '1px solid var(--cc-border)', opacity: a.archived ? 0.6 : 1 }}
            >
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={500} truncate>
                    {a.name}
                  </Text>
                  {a.archived && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('common.archived')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t(`accounts.types.${a.type}`)} · {a.currency}
                </Text>
                {a.reconcileDraft && (
                  <Anchor component={Link} to={`/config/accounts/${a.id}/reconcile`} size="xs" display="block">
                    {t('reconcile.inProgress', { date: day(a.reconcileDraft.date) })}
                  </Anchor>
                )}
                {a.lastReconciled && (
                  <Text size="xs" c="dimmed">
                    {t('accounts.lastReconciled', {
                      date: day(a.lastReconciled.date),
                      balance: formatMoney(a.lastReconciled.balance, a.currency, locale),
                    })}
                  </Text>
                )}
              </div>
              <Group gap={4} wrap="nowrap">
                <Amount value={a.balance} currency={a.currency} fw={600} />
                {canWrite && (
                  <>
                    <ActionIcon variant="subtle" aria-label={`${t('common.moveUp')}: ${a.name}`} onClick={() => move(i, -1)} disabled={i === 0}>
                      <IconArrowUp size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('common.moveDown')}: ${a.name}`}
                      onClick={() => move(i, 1)}
                      disabled={i === accounts.length - 1}
                    >
                      <IconArrowDown size={18} />
                    </ActionIcon>
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={`${t('common.actions')}: ${a.name}`}>
                          <IconDots size={18} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(a)}>
                          {t('common.edit')}
                        </Menu.Item>
                        <Menu.Item leftSection={<IconScale size={16} />} component={Link} to={`/config/accounts/${a.id}/reconcile`}>
                          {t('reconcile.menu')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={a.archived ? <IconRestore size={16} /> : <IconArchive size={16} />}
                          onClick={() => void run(update.mutateAsync({ id: a.id, archived: !a.archived }))}
                        >
                          {a.archived ? t('common.restore') : t('common.archive')}
                        </Menu.Item>
                        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(a)}>
                          {t('common.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {editing !== null && (
        <AccountDialog key={editing === 'new' ? 'new' : editing.id} opened account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <LazyModal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('accounts.deleteTitle', { name: deleting?.name ?? '' })}>
        <Stack gap="sm">
          {deleting?.hasMovements && (
            <>
              <Text size="sm">{t('accounts.inUse')}</Text>
              <TextInput label={t('accounts.typeToConfirm')} value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void doDelete()} disabled={deleting?.hasMovements && confirm !== deleting.name} loading={remove.isPending}>
              {deleting?.hasMovements ? t('accounts.deleteWithMovements') : t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </Paper>
  );
}
