import { useState } from 'react';
import { Alert, Avatar, Badge, Button, Group, Paper, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconLogout, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isProblem } from '@/shared/api/client';
import { keys, useSetUser, useUser } from '@/shared/api/queries';
import { browserTimeZone } from '@/shared/dates';
import { AccountStrings } from '@/shared/ui/AccountStrings';
import { PageHeader } from '@/shared/ui/PageHeader';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { changePassword, deleteAccount, signOut, signOutEverywhere, updateProfile, useSecurityChanged } from './api';
import { LedgerImportSection } from './LedgerImport';
import { PasskeysSection } from './PasskeysSection';
import { SecurityActivity } from './SecurityActivity';
import { TokensSection } from './TokensSection';
import { TwoFactorSection } from './TwoFactorSection';
import { clearOfflineData } from '@/shared/offline/cache';
import { LazyModal } from '@/shared/ui/LazyModal';

type ProfileField = 'name' | 'lastName' | 'phone' | 'address' | 'photoURL';

/** The zones the browser knows (the server checks against its own), the user's first when it is not among them. */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !all.includes(current) ? [current, ...all] : all;
}

function PersonalData() {
  const { t } = useTranslation();
  const user = useUser();
  const setUser = useSetUser();
  const [form, setForm] = useState<Record<ProfileField, string>>({
    name: user.name,
    lastName: user.lastName,
    phone: user.phone,
    address: user.address,
    photoURL: user.photoURL,
  });
  const [timeZone, setTimeZone] = useState(user.timeZone || browserTimeZone());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      setUser(await updateProfile({ ...form, timeZone }));
      setErrors({});
      notifyOk(t('common.saved'));
    } catch (err) {
      setErrors(fieldErrors(t, err));
      notifyError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  const input = (f: ProfileField, props: Record<string, unknown> = {}) => (
    <TextInput
      label={t(`profile.${f}`)}
      value={form[f]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setForm((s) => ({ ...s, [f]: v }));
      }}
      error={errors[f]}
      {...props}
    />
  );
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(e: React.FormEvent) => void save(e)}>
      <Group mb="md" wrap="nowrap">
        <Avatar src={form.photoURL || null} size={64} radius="xl" color="brand" alt="">
          {(user.name || user.email).slice(0, 1).toUpperCase()}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3">
            {t('profile.personal')}
          </Title>
          <Group gap={6}>
            {/* The stored role is data (as the seed stores it, in Spanish); its name is in the language shown. */}
            <Badge variant="light">{`${t('profile.rol')}: ${t(`admin.users.roles.${user.rol}`, { defaultValue: user.rol })}`}</Badge>
            <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>{`${t('profile.provider')}: ${user.providerId}`}</Badge>
          </Group>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {input('name', { autoComplete: 'given-name' })}
        {input('lastName', { autoComplete: 'family-name' })}
        <TextInput label={t('profile.email')} value={user.email} readOnly disabled />
        {input('phone', { autoComplete: 'tel', type: 'tel' })}
        {input('address', { autoComplete: 'street-address' })}
        {input('photoURL', { type: 'url' })}
        <Select
          label={t('profile.timeZone')}
          description={t('profile.timeZoneHint')}
          data={timeZones(timeZone)}
          value={timeZone || null}
          onChange={(v) => setTimeZone(v ?? '')}
          searchable
          error={errors.timeZone}
        />
      </SimpleGrid>
      <Group mt="md">
        <Button type="submit" loading={busy}>
          {t('common.save')}
        </Button>
      </Group>
    </Paper>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const user = useUser();
  const setUser = useSetUser();
  const securityChanged = useSecurityChanged();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setErrors({});
      setUser({ ...user, hasPassword: true });
      void securityChanged();
      notifyOk(t('profile.passwordChanged'));
    } catch (err) {
      setErrors(fieldErrors(t, err));
      notifyError(errorMessage(t, err));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(e: React.FormEvent) => void submit(e)}>
      <Title order={2} size="h3" mb="sm">
        {t('profile.password')}
      </Title>
      <Stack gap="sm" maw={360}>
        {user.hasPassword && (
          <PasswordInput
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.currentPassword}
          />
        )}
        <PasswordInput
          label={t('profile.newPassword')}
          autoComplete="new-password"
          description={t('login.passwordHint')}
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          error={errors.newPassword}
        />
        <Group>
          <Button type="submit">{user.hasPassword ? t('profile.changePassword') : t('profile.setPassword')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The delete-account dialog: the current password confirms it; an account
 * without one needs a sign-in of the last 10 minutes, else it is told to sign
 * in again. */
function DeleteAccountDialog({ opened, onClose, onDeleted }: { opened: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteAccount(user.hasPassword ? { currentPassword: password } : {});
      onDeleted();
    } catch (e) {
      setStale(isProblem(e) && e.code === 'recent_sign_in_required');
      setErrors(fieldErrors(t, e));
      notifyError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };
  const signInAgain = async () => {
    try {
      await signOut();
    } finally {
      onDeleted(); // the session is over either way: back to the sign-in screen
    }
  };
  const ready = typed.trim().toLowerCase() === user.email && (!user.hasPassword || password !== '');
  return (
    <LazyModal opened={opened} onClose={onClose} title={t('profile.deleteAccount')}>
      <Stack
        gap="sm"
        component="form"
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          if (ready) void remove();
        }}
      >
        <Text size="sm">{t('profile.deleteHint')}</Text>
        <TextInput label={t('profile.typeEmail')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
        {user.hasPassword ? (
          <PasswordInput
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.currentPassword}
          />
        ) : (
          <Alert color={stale ? 'red' : 'gray'} variant="light" role={stale ? 'alert' : undefined}>
            <Text size="sm">{stale ? t('errors.recent_sign_in_required') : t('profile.deleteNoPassword')}</Text>
            <Button mt="xs" size="xs" variant="default" onClick={() => void signInAgain()}>
              {t('profile.signInAgain')}
            </Button>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy} disabled={!ready}>
            {t('profile.deleteAccount')}
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}

function AccountActions() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const leave = () => {
    void clearOfflineData();
    qc.clear();
    qc.setQueryData(keys.me, null);
    void navigate('/login', { replace: true });
  };
  const everywhere = async () => {
    try {
      await signOutEverywhere();
      leave();
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  return (
    <>
      {/* Your data: what leaves (the export) and what comes in (a ledger from a file), side by side. */}
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h3" mb="sm">
          {t('profile.data')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="lg">
          <Stack gap="xs" component="section" aria-labelledby="export-title">
            <Title order={3} size="h6" id="export-title">
              {t('ledgerImport.exportTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('profile.exportHint')}
            </Text>
            <Group gap="sm">
              <Button variant="default" component="a" href="/api/v1/me/export" download leftSection={<IconDownload size={18} />}>
                {t('profile.exportData')}
              </Button>
              <Button variant="default" component="a" href="/api/v1/me/export?format=zip" download leftSection={<IconDownload size={18} />}>
                {t('profile.exportZip')}
              </Button>
            </Group>
          </Stack>
          <LedgerImportSection />
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h3">
            {t('profile.sessions')}
          </Title>
          <Text size="sm" c="dimmed" my="xs">
            {t('profile.sessionsHint')}
          </Text>
          <Button variant="default" leftSection={<IconLogout size={18} />} onClick={() => void everywhere()}>
            {t('profile.signOutEverywhere')}
          </Button>
        </Paper>
        <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--cc-expenses)' }}>
          <Title order={2} size="h3">
            {t('profile.danger')}
          </Title>
          <Text size="sm" c="dimmed" my="xs">
            {t('profile.deleteHint')}
          </Text>
          <Button color="red" leftSection={<IconTrash size={18} />} onClick={() => setDeleting(true)}>
            {t('profile.deleteAccount')}
          </Button>
        </Paper>
      </SimpleGrid>
      {deleting && <DeleteAccountDialog opened onClose={() => setDeleting(false)} onDeleted={leave} />}
    </>
  );
}

/** /profile: the session record's fields, password, two-step verification, sessions, export, deletion and the security activity. */
export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1000}>
      <PageHeader title={t('profile.title')} />
      <PersonalData />
      <PasswordSection />
      <AccountStrings>
        <TwoFactorSection />
        <PasskeysSection />
        <TokensSection />
        <AccountActions />
        <SecurityActivity />
      </AccountStrings>
    </Stack>
  );
}
