import {
  IconCategory,
  IconChartPie,
  IconHome,
  IconInfoCircle,
  IconLayoutDashboard,
  IconLogout,
  IconReceipt,
  IconSettings,
  IconUser,
  type Icon,
} from '@tabler/icons-react';

export type NavKey = 'HOME' | 'CATEGORIES' | 'MOVEMENTS' | 'INFORMS' | 'DASHBOARD' | 'CONFIGURATION' | 'PROFILE' | 'LOG_OUT' | 'ABOUT';

export interface NavItem {
  key: NavKey;
  path: string;
  icon: Icon;
  hidden?: boolean;
}

/** The seed's route table, in order; hidden routes are not in the sidebar. */
export const navItems: NavItem[] = [
  { key: 'HOME', path: '/', icon: IconHome },
  { key: 'CATEGORIES', path: '/categories', icon: IconCategory },
  { key: 'MOVEMENTS', path: '/movements', icon: IconReceipt },
  { key: 'INFORMS', path: '/informs', icon: IconChartPie },
  { key: 'DASHBOARD', path: '/dashboard', icon: IconLayoutDashboard },
  { key: 'CONFIGURATION', path: '/config', icon: IconSettings },
  { key: 'PROFILE', path: '/profile', icon: IconUser, hidden: true },
  { key: 'LOG_OUT', path: '/signOut', icon: IconLogout, hidden: true },
  { key: 'ABOUT', path: '/about', icon: IconInfoCircle },
];

/** Sidebar entries: hidden routes omitted; a divider goes before the sixth. */
export const sidebarItems = navItems.filter((i) => !i.hidden);
export const dividerBefore = 5;
