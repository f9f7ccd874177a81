import { useId, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArrowsExchange, IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ledgerLabel, useLedgers, useSwitchLedger } from '@/shared/api/ledgers';
import type { UserLedger } from '@/shared/api/types';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';
import { useLedgerMutations } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { CreateLedgerDialog, RenameLedgerDialog } from './LedgerDialogs';

/** One ledger of the list: what it is to the user, and (owners) rename and delete. */
function LedgerRow({
  l,
  selected,
  onSelect,
  onRename,
  onDelete,
}: {
  l: UserLedger;
  selected: boolean;
  onSelect: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const change = useSwitchLedger();
  const owner = l.role === 'owner';
  const use = async () => {
    try {
      await change.mutateAsync(l.id);
      notifyOk(t('ledgers.switched', { name: ledgerLabel(l) }));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      px="xs"
      py={6}
      style={{
        borderBottom: '1px solid var(--cc-border)',
        borderLeft: `3px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      {/* Pressed: the members below are this ledger's. */}
      <UnstyledButton onClick={onSelect} aria-pressed={selected} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} truncate maw="100%" title={ledgerLabel(l)}>
            {ledgerLabel(l)}
          </Text>
          {l.current && (
            <Badge size="sm" variant="light">
              {t('ledgers.current')}
            </Badge>
          )}
          {l.default && (
            <Badge size="sm" variant="light" color="gray">
              {t('ledgers.default')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t(`ledgers.roles.${l.role}`)} · {t('ledgers.memberCount', { count: l.members })} · {l.baseCurrency}
        </Text>
      </UnstyledButton>
      {(!l.current || owner) && (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`${t('common.actions')}: ${l.name}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown maw={280}>
            {!l.current && (
              <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => void use()}>
                {t('ledgers.use')}
              </Menu.Item>
            )}
            {owner && (
              <>
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename}>
                  {t('ledgers.rename')}
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} disabled={l.default}>
                  {t('ledgers.delete')}
                </Menu.Item>
                {l.default && <Menu.Label style={{ whiteSpace: 'normal' }}>{t('ledgers.defaultCannotDelete')}</Menu.Label>}
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

/** The user's ledgers: which is current, their role, members; create one; owners rename and delete. */
export function LedgerList({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  const ledgersId = useId();
  const ledgers = useLedgers();
  const { remove } = useLedgerMutations();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<UserLedger | null>(null);
  const [deleting, setDeleting] = useState<UserLedger | null>(null);
  const [typed, setTyped] = useState('');

  const doDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      notifyOk(t('ledgers.deleted', { name: deleting.name }));
      setDeleting(null);
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };

  return (
    <Card
      title={t('ledgers.yours')}
      titleId={ledgersId}
      hint={t('ledgers.intro')}
      action={
        <Button leftSection={<IconPlus size={18} />} size="sm" onClick={() => setCreating(true)}>
          {t('ledgers.create')}
        </Button>
      }
    >
      <Loaded query={ledgers} skeleton={56}>
        {(list) => (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={ledgersId}>
            {list.map((l) => (
              <LedgerRow
                key={l.id}
                l={l}
                selected={l.id === selectedId}
                onSelect={() => onSelect(l.id)}
                onRename={() => setRenaming(l)}
                onDelete={() => {
                  setTyped('');
                  setDeleting(l);
                }}
              />
            ))}
          </Stack>
        )}
      </Loaded>
      {creating && (
        <CreateLedgerDialog
          onClose={() => setCreating(false)}
          onCreated={(l) => {
            setCreating(false);
            onSelect(l.id);
          }}
        />
      )}
      {renaming && <RenameLedgerDialog key={renaming.id} ledger={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('ledgers.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('ledgers.deleteText', { name: deleting?.name ?? '' })}
        action={t('ledgers.deleteConfirm', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        disabled={typed.trim() !== deleting?.name.trim()}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void doDelete()}
      >
        <TextInput label={t('ledgers.typeToConfirm')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" data-autofocus />
      </ConfirmDialog>
    </Card>
  );
}
