import { Divider, NavLink, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { iconSize } from '@/shared/constants';
import { dividerBefore, sidebarItems } from './navItems';

/** The sidebar's entries; collapsed shows icons only (with tooltips). */
export function NavList({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <>
      {sidebarItems.map((item, i) => {
        const active = item.path === '/' ? pathname === '/' : pathname.startsWith(item.path);
        const label = t(item.key);
        const link = (
          <NavLink
            component={RouterLink}
            to={item.path}
            end={item.path === '/'}
            onClick={onNavigate}
            active={active}
            aria-label={collapsed ? label : undefined}
            aria-current={active ? 'page' : undefined}
            label={collapsed ? null : label}
            leftSection={<item.icon size={iconSize} aria-hidden />}
            styles={{ root: { borderRadius: 8, minHeight: 44, justifyContent: collapsed ? 'center' : undefined } }}
          />
        );
        return (
          <div key={item.key}>
            {i === dividerBefore && <Divider my={8} data-testid="nav-divider" />}
            {collapsed ? (
              <Tooltip label={label} position="right" withArrow>
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </div>
        );
      })}
      <Divider my={8} data-testid="nav-divider" />
    </>
  );
}
