import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupRun, BackupStatus } from '@/shared/api/types';
import { api, mockFetch, renderApp, user } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

const admin = { ...user, rol: 'Administrador', languagePreference: 'SWITCH_TO_ENGLISH', ledgerId: '1', ledgerRole: 'owner', defaultLedgerId: '1' };
const at = Date.UTC(2026, 0, 5, 10, 0);
const DIR = '/var/backups/cashcontrol';

const written: BackupRun = {
  startedAt: at,
  finishedAt: at + 2_000,
  file: `${DIR}/cashcontrol-20260105-100000.000.zip`,
  size: 1_234_567,
  error: '',
};
const failed: BackupRun = {
  startedAt: at - 86_400_000,
  finishedAt: at - 86_400_000 + 1_000,
  file: `${DIR}/cashcontrol-20260104-100000.000.zip`,
  size: 0,
  error: 'no space left on device',
};
const on: BackupStatus = { enabled: true, dir: DIR, every: 86_400, keep: 14, runs: [written, failed] };
const off: BackupStatus = { enabled: false, dir: '', every: 0, keep: 0, runs: [] };

/** The administration's server, its backups' status, and what "back up now" answers (the new run, or a problem). */
function server(status: BackupStatus, now?: { status: number; body: unknown }, me: typeof admin = admin) {
  let current = status;
  const posts: string[] = [];
  const served = mockFetch(
    api(me, (url, init) => {
      if (url === '/api/v1/admin/users') return { status: 200, body: [] };
      if (url === '/api/v1/admin/settings') return { status: 200, body: { signupEnabled: true } };
      if (url.startsWith('/api/v1/admin/security-events')) return { status: 200, body: [] };
      if (url !== '/api/v1/admin/backups') return undefined;
      if (init?.method !== 'POST') return { status: 200, body: current };
      posts.push(url);
      if (now && now.status < 300) current = { ...current, runs: [now.body as BackupRun, ...current.runs] };
      return now;
    }),
  );
  // "Back up now" takes seconds: its answer waits until the test opens the gate.
  let open = () => {};
  const gate = new Promise<void>((r) => (open = r));
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (init?.method === 'POST') await gate;
    return served(input, init);
  });
  return { posts, open };
}

const section = async () => within(await screen.findByRole('region', { name: 'Backups' }));

describe('the administration’s backups', () => {
  it('on: says how often, how many are kept and where, and lists the last ones: when, file, size and a failure with its reason', async () => {
    server(on);
    renderApp('/config/admin', 'en');
    const s = await section();
    expect(await s.findByText('Every day')).toBeInTheDocument();
    expect(s.getByText('On')).toBeInTheDocument();
    expect(s.getByText('The last 14 backups')).toBeInTheDocument();
    expect(s.getByText(DIR)).toBeInTheDocument();
    expect(s.getByText('cashcontrol restore FILE')).toBeInTheDocument();
    const rows = within(s.getByRole('table', { name: 'Last backups' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((r) => within(r));
    expect(first!.getByText('5 Jan 2026, 10:00')).toBeInTheDocument();
    expect(first!.getByText('cashcontrol-20260105-100000.000.zip')).toHaveAttribute('title', written.file);
    expect(first!.getByText('1.2 MB')).toBeInTheDocument();
    expect(first!.getByText('Written')).toBeInTheDocument();
    expect(second!.getByText('Failed')).toBeInTheDocument();
    expect(second!.getByText(/no space left on device/)).toBeInTheDocument();
    expect(s.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  });

  it('every 12 hours, in Spanish, with the size in its way', async () => {
    server({ ...on, every: 43_200, keep: 1, runs: [written] }, undefined, { ...admin, languagePreference: 'SWITCH_TO_SPANISH' });
    renderApp('/config/admin', 'es');
    const s = within(await screen.findByRole('region', { name: 'Copias de seguridad' }));
    expect(await s.findByText('Cada 12 horas')).toBeInTheDocument();
    expect(s.getByText('La última copia')).toBeInTheDocument();
    expect(s.getByText('1,2 MB')).toBeInTheDocument();
  });

  it('off: says how to turn them on and how to restore, with no button; none taken is said too', async () => {
    server(off);
    renderApp('/config/admin', 'en');
    const s = await section();
    expect(await s.findByText('Off')).toBeInTheDocument();
    expect(s.getByText('CASHCONTROL_BACKUP_DIR')).toBeInTheDocument();
    expect(s.getByText(/Scheduled backups are off\. To turn them on, set/)).toBeInTheDocument();
    expect(s.getByText('cashcontrol restore FILE')).toBeInTheDocument();
    expect(s.getByText('No backups yet.')).toBeInTheDocument();
    expect(s.queryByRole('button', { name: 'Back up now' })).toBeNull();
  });

  it('backs up now: progress while it runs, then the new backup in the list and a notification', async () => {
    const made: BackupRun = {
      startedAt: at + 3_600_000,
      finishedAt: at + 3_601_000,
      file: `${DIR}/cashcontrol-20260105-110000.000.zip`,
      size: 2_048,
      error: '',
    };
    const { posts, open } = server(on, { status: 201, body: made });
    renderApp('/config/admin', 'en');
    const s = await section();
    const button = await s.findByRole('button', { name: 'Back up now' });
    await userEvent.click(button);
    expect(await s.findByRole('status')).toHaveTextContent('Backing up… This can take a few seconds.');
    expect(button).toBeDisabled();
    open();
    expect(await screen.findByText('Backup written: cashcontrol-20260105-110000.000.zip')).toBeInTheDocument();
    expect(posts).toEqual(['/api/v1/admin/backups']);
    const table = within(s.getByRole('table', { name: 'Last backups' }));
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(4));
    expect(table.getByText('2 kB')).toBeInTheDocument();
    expect(s.getByRole('status')).toHaveTextContent('');
  });

  it('says the server’s refusal in words: backups turned off since the page loaded', async () => {
    server(on, { status: 409, body: { status: 409, code: 'backups_off' } }).open();
    renderApp('/config/admin', 'en');
    await userEvent.click(await (await section()).findByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('Backups are off on this server: an administrator turns them on by setting CASHCONTROL_BACKUP_DIR.')).toBeInTheDocument();
  });

  it('says the server’s refusal in words: a backup that could not be written', async () => {
    server(on, { status: 500, body: { status: 500, code: 'backup_failed', detail: 'the backup failed: disk full' } }).open();
    renderApp('/config/admin', 'en');
    await userEvent.click(await (await section()).findByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText(/^The backup could not be written/)).toBeInTheDocument();
  });
});
