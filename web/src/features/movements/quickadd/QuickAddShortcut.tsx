import { lazy, Suspense, useEffect, useState } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { useMayWrite } from '@/shared/api/queries';

// The dialog, the parser and the movement form load when the box is first opened, never with a page.
const QuickAddDialog = lazy(() => import('./QuickAddDialog'));

const OPEN = 'cc:quick-add';

/** The keys that open the quick-add box on every signed-in screen (Ctrl+K, ⌘K on a Mac), for aria-keyshortcuts. */
export const QUICK_ADD_KEYS = 'Control+K Meta+K';

/** Opens the quick-add box (the one the frame holds) from a button anywhere. */
export function openQuickAdd() {
  window.dispatchEvent(new Event(OPEN));
}

/**
 * The quick-add box of the signed-in frame: Ctrl+K (⌘K) opens it from any
 * screen, even from inside a field (the other shortcut, N on /movements, is
 * a plain letter and waits outside fields); a viewer of the ledger has none.
 */
export function QuickAddShortcut() {
  const mayWrite = useMayWrite();
  const [open, setOpen] = useState(false);
  useHotkeys([['mod+K', () => mayWrite && setOpen(true)]], []);
  useEffect(() => {
    const show = () => mayWrite && setOpen(true);
    window.addEventListener(OPEN, show);
    return () => window.removeEventListener(OPEN, show);
  }, [mayWrite]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <QuickAddDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
