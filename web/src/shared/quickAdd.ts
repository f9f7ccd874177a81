// The quick-add box lives in the signed-in frame (app/layout/QuickAddShortcut.tsx);
// a screen's button opens it with an event, so that features need not import the frame.

export const QUICK_ADD_EVENT = 'cc:quick-add';

/** The keys that open the quick-add box on every signed-in screen (Ctrl+K, ⌘K on a Mac), for aria-keyshortcuts. */
export const QUICK_ADD_KEYS = 'Control+K Meta+K';

/** Opens the frame's quick-add box. */
export function openQuickAdd() {
  window.dispatchEvent(new Event(QUICK_ADD_EVENT));
}
