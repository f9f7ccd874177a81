import { ActionIcon, Box, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { iconSize, sidebarWidth } from '@/shared/constants';
import { useUI } from '@/shared/ui-state';
import { HelpCard } from './HelpCard';
import { NavList } from './NavList';

/** The desktop sidebar: 65 px collapsed, 200 px expanded, with a toggle. */
export function Sidebar() {
  const { t } = useTranslation();
  const { sidebarExpanded, toggleSidebar } = useUI();
  const width = sidebarExpanded ? sidebarWidth.expanded : sidebarWidth.collapsed;
  const label = sidebarExpanded ? t('app.collapseSidebar') : t('app.expandSidebar');
  return (
    <Box
      component="nav"
      aria-label={t('app.mainNav')}
      data-expanded={sidebarExpanded}
      style={{
        width,
        minWidth: width,
        transition: 'width 150ms ease, min-width 150ms ease',
        borderRight: '1px solid var(--cc-border)',
        background: 'var(--cc-sidebar)',
      }}
      h="100%"
    >
      <Stack h="100%" gap={0} p={8}>
        <Tooltip label={label} position="right" disabled={sidebarExpanded}>
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={toggleSidebar}
            aria-label={label}
            aria-expanded={sidebarExpanded}
            mb={8}
            style={{ alignSelf: sidebarExpanded ? 'flex-end' : 'center' }}
          >
            {sidebarExpanded ? <IconChevronsLeft size={iconSize} /> : <IconChevronsRight size={iconSize} />}
          </ActionIcon>
        </Tooltip>
        <ScrollArea style={{ flex: 1 }} type="never">
          <NavList collapsed={!sidebarExpanded} />
          {sidebarExpanded && (
            <Box mt="sm">
              <HelpCard />
            </Box>
          )}
        </ScrollArea>
      </Stack>
    </Box>
  );
}
