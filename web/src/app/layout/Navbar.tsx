import { Avatar, Burger, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { navbarHeight } from '@/shared/constants';
import { useUser } from '@/shared/api/queries';
import { useLogout } from '../useLogout';
import { LedgerSwitcher } from './LedgerSwitcher';

export function Navbar({ mobile, menuOpened, onMenu }: { mobile: boolean; menuOpened: boolean; onMenu: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const logout = useLogout();
  const initials = (user.name || user.email).slice(0, 1).toUpperCase();
  return (
    <Group
      component="header"
      h={navbarHeight}
      px="md"
      justify="space-between"
      wrap="nowrap"
      gap={mobile ? 'xs' : 'md'}
      style={{ borderBottom: '1px solid var(--cc-border)', background: 'var(--cc-surface)' }}
    >
      {/* The brand keeps its one line; the ledger's name gives way (truncated) where the header is narrow. */}
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        {mobile && <Burger opened={menuOpened} onClick={onMenu} aria-label={menuOpened ? t('app.closeMenu') : t('app.openMenu')} aria-expanded={menuOpened} />}
        <Text component={Link} to="/" fw={800} size={mobile ? 'md' : 'lg'} c="brand" style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}>
          {t('app.name')}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <LedgerSwitcher mobile={mobile} />
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton>
              <Group gap="xs" wrap="nowrap">
                <Avatar src={user.photoURL || null} alt="" radius="xl" size={36} color="brand" aria-hidden>
                  {initials}
                </Avatar>
                {!mobile && (
                  <Text size="sm" fw={500} maw={180} truncate>
                    {user.name || user.email}
                  </Text>
                )}
                {/* The name that is shown, then what the button does (the label contains the visible text). */}
                <VisuallyHidden>{t('app.userMenu')}</VisuallyHidden>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={18} />}>
              {t('PROFILE')}
            </Menu.Item>
            <Menu.Item component={Link} to="/config" leftSection={<IconSettings size={18} />}>
              {t('CONFIGURATION')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconLogout size={18} />} onClick={() => void logout()}>
              {t('LOG_OUT')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
