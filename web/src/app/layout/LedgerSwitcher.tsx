import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBook2, IconCheck, IconChevronDown, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { ledgerLabel, switchLedger, useLedgers } from '@/shared/api/ledgers';

/**
 * The header's ledger switcher: the current ledger's name (truncated where
 * the header is narrow), and a menu of the user's ledgers with their role.
 * Choosing one makes it current on the server; every screen then shows it,
 * without leaving the page.
 */
export function LedgerSwitcher({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const ledgers = useLedgers();
  const qc = useQueryClient();
  // A plain call rather than a mutation hook: the header, on every screen, keeps no mutation of its own.
  const [busy, setBusy] = useState(false);
  // Nothing to show until the list is there (or when the server has no ledgers to list).
  if (!ledgers.data) return null;
  const current = ledgers.data.find((l) => l.current);

  const choose = async (id: string, name: string) => {
    if (id === current?.id) return;
    setBusy(true);
    try {
      await switchLedger(qc, id);
      notifyOk(t('ledgers.switched', { name }));
    } catch (e) {
      notifyError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    // In the header's landmark, not in a portal at the end of the body; no
    // focus placeholder inside the menu (a menu holds only its items): the
    // arrows move to the first item.
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton
          className="cc-ledger-switcher"
          px={8}
          py={4}
          style={{ border: '1px solid var(--cc-border)', borderRadius: 'var(--mantine-radius-md)', minWidth: 0 }}
          aria-busy={busy}
        >
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {/* On a phone the name has the room (the menu says what it is). */}
            {!mobile && <IconBook2 size={18} aria-hidden style={{ flexShrink: 0 }} />}
            {/* What the button is, then the visible name (the accessible name contains the visible text). */}
            <VisuallyHidden>{`${t('ledgers.switcherLabel')} `}</VisuallyHidden>
            <Text size="sm" fw={600} truncate maw={mobile ? 120 : 220} style={{ minWidth: 0 }} title={current ? ledgerLabel(current) : undefined}>
              {current ? ledgerLabel(current) : t('ledgers.choose')}
            </Text>
            <IconChevronDown size={14} aria-hidden style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown maw={mobile ? 'calc(100vw - 16px)' : 320}>
        <Menu.Label>{t('ledgers.yours')}</Menu.Label>
        {ledgers.data.map((l) => (
          <Menu.Item
            key={l.id}
            onClick={() => void choose(l.id, ledgerLabel(l))}
            aria-current={l.current ? 'true' : undefined}
            leftSection={<IconCheck size={16} aria-hidden style={{ visibility: l.current ? 'visible' : 'hidden' }} />}
            rightSection={
              // Not dimmed: the grey is too faint on a hovered item in the dark theme.
              <Text size="xs" component="span">
                {t(`ledgers.roles.${l.role}`)}
              </Text>
            }
          >
            <Text size="sm" fw={l.current ? 600 : 400} truncate maw={mobile ? 180 : 200} component="span" display="block" title={ledgerLabel(l)}>
              {ledgerLabel(l)}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/config/ledgers" leftSection={<IconSettings size={16} aria-hidden />}>
          {t('ledgers.manage')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
