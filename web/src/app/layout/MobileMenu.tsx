import { Box, Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HelpCard } from './HelpCard';
import { NavList } from './NavList';

/** Below the tablet breakpoint: the same entries in a drawer. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} size={260} title={t('app.name')} closeButtonProps={{ 'aria-label': t('app.closeMenu') }}>
      <Box component="nav" aria-label={t('app.mainNav')}>
        <NavList collapsed={false} onNavigate={onClose} />
        <HelpCard />
      </Box>
    </Drawer>
  );
}
