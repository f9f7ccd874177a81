import { Suspense, useState, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useNarrowerThan } from '@/shared/viewport';
import { Outlet } from 'react-router';
import { breakpoints, navbarHeight } from '@/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import { ledgersQuery } from '@/shared/api/ledgers';
import { useLiveUpdates } from '@/shared/api/live';
import { metaQuery } from '@/shared/api/queries';
import { QuickAddShortcut } from './QuickAddShortcut';
import { PageSpinner } from '../screens/FullScreenSpinner';
import { MobileMenu } from './MobileMenu';
import { Navbar } from './Navbar';
import { OfflineBanner } from './OfflineBanner';
import { Sidebar } from './Sidebar';
import { SignedInStrings } from './SignedInStrings';
import { useSendQueued } from './useSendQueued';

/** What the frame shows on every page, asked for with the page's own data: the ledgers in its header, the help card's meta. */
export function prefetchShell(client: QueryClient) {
  return Promise.all([client.prefetchQuery(ledgersQuery), client.prefetchQuery(metaQuery)]);
}

/** The signed-in frame: navigation bar, sidebar (or mobile menu) and the screen, in the signed-in pages' strings. */
export function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <SignedInStrings>
      <Frame>{children}</Frame>
    </SignedInStrings>
  );
}

function Frame({ children }: { children?: ReactNode }) {
  const mobile = useNarrowerThan(breakpoints.tablet);
  const [menu, setMenu] = useState(false);
  // Other members' changes (and this user's elsewhere) show without a reload.
  useLiveUpdates();
  // Movements added offline go to the server once it can be reached.
  useSendQueued();
  return (
    <Box h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Navbar mobile={mobile} menuOpened={menu} onMenu={() => setMenu((v) => !v)} />
      <Box style={{ display: 'flex', flex: 1, minHeight: 0, height: `calc(100dvh - ${navbarHeight}px)` }}>
        {!mobile && <Sidebar />}
        {mobile && <MobileMenu opened={menu} onClose={() => setMenu(false)} />}
        {/* Positioned: what is absolutely positioned inside (a visually hidden label) scrolls with it, not against the page (which would grow taller than the frame and scroll into blank space). */}
        <Box component="main" id="main" style={{ flex: 1, minWidth: 0, overflowY: 'auto', position: 'relative' }} p={{ base: 'sm', sm: 'md' }}>
          <OfflineBanner />
          <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
        </Box>
      </Box>
      <QuickAddShortcut />
    </Box>
  );
}
