import { useEffect, useState } from 'react';
import { Modal, type ModalProps } from '@mantine/core';

/**
 * Mantine's Modal, rendered only while it is open or closing (until its exit
 * transition ends). A closed Modal still renders its root, portal and
 * transitions each time its screen renders (with MovementRow's plain rows, the
 * Movements screen rendered 455 components before its first rows; 265 now).
 * The Modal is mounted closed and opened a commit later: Mantine notes the
 * element to give the focus back to, and plays its opening transition, only
 * when opened changes.
 */
export function LazyModal({ opened, onExitTransitionEnd, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  if (opened && !mounted) setMounted(true);
  useEffect(() => setOpen(opened), [opened]);
  if (!mounted) return null;
  return (
    <Modal
      {...props}
      opened={open}
      onExitTransitionEnd={() => {
        if (!opened) setMounted(false);
        onExitTransitionEnd?.();
      }}
    />
  );
}
