import { lazy, Suspense, useEffect, useState } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { useMayWrite } from '@/shared/api/queries';
import { QUICK_ADD_EVENT } from '@/shared/quickAdd';

// The dialog, the parser, its strings and the movement form load when the box is first opened, never with a page.
const QuickAddDialog = lazy(() => import('@/features/movements/quickadd/QuickAddDialog'));

/**
 * The quick-add box of the signed-in frame: Ctrl+K (⌘K) opens it from any
 * screen, even from inside a field (the other shortcut, N on /movements, is
 * a plain letter and waits outside fields), and so does openQuickAdd (the
 * button on /movements); a viewer of the ledger has none.
 */
export function QuickAddShortcut() {
  const mayWrite = useMayWrite();
  const [open, setOpen] = useState(false);
  useHotkeys([['mod+K', () => mayWrite && setOpen(true)]], []);
  useEffect(() => {
    const show = () => mayWrite && setOpen(true);
    window.addEventListener(QUICK_ADD_EVENT, show);
    return () => window.removeEventListener(QUICK_ADD_EVENT, show);
  }, [mayWrite]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <QuickAddDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
