import { createElement, useState } from 'react';
import { MantineProvider, type ModalProps } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyModal } from './LazyModal';

/** How many times Mantine's Modal rendered. */
const modal = vi.hoisted(() => ({ renders: 0 }));
vi.mock('@mantine/core', async (importOriginal) => {
  const mantine = await importOriginal<typeof import('@mantine/core')>();
  const Counted = (props: ModalProps) => {
    modal.renders++;
    return createElement(mantine.Modal, props);
  };
  return { ...mantine, Modal: Counted };
});

/** A screen with a modal, and a button that renders the screen again. */
function Screen({ onExitTransitionEnd }: { onExitTransitionEnd?: () => void }) {
  const [opened, setOpened] = useState(false);
  const [clicks, setClicks] = useState(0);
  return (
    <MantineProvider>
      <button onClick={() => setOpened(true)}>Open</button>
      <button onClick={() => setClicks(clicks + 1)}>Clicked {clicks}</button>
      <LazyModal opened={opened} onClose={() => setOpened(false)} title="Details" onExitTransitionEnd={onExitTransitionEnd}>
        <p>Inside</p>
      </LazyModal>
    </MantineProvider>
  );
}

describe('LazyModal', () => {
  beforeEach(() => {
    modal.renders = 0;
  });

  it('renders no Modal while it has never been opened, however often its screen renders', async () => {
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 1' }));
    expect(screen.getByRole('button', { name: 'Clicked 2' })).toBeTruthy();
    expect(modal.renders).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens with its content, and once its closing transition ends renders nothing again', async () => {
    const exited = vi.fn();
    render(<Screen onExitTransitionEnd={exited} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Details' })).toBeTruthy();
    expect(screen.getByText('Inside')).toBeTruthy();
    expect(modal.renders).toBeGreaterThan(0);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(exited).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Inside')).toBeNull();
    const before = modal.renders;
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
    expect(modal.renders).toBe(before);
    // And it opens again.
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Inside')).toBeTruthy();
  });

  it('opens with its transition and gives the focus back to what opened it', async () => {
    render(<Screen />);
    const open = screen.getByRole('button', { name: 'Open' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    // The focus goes into the dialog, and back where it was when it closes (a Modal mounted open never noted where that was).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Inside')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });
});
