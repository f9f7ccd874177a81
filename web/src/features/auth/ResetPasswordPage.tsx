import { useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Paper, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isProblem } from '@/shared/api/client';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { AuthHeading } from './AuthHeading';
import { resetPassword, useResetLink } from './resetApi';

/** The link is unknown, used, expired, replaced by a newer one, or its user disabled: nothing to do here but go back. */
function InvalidLink() {
  const { t } = useTranslation();
  return (
    <>
      <AuthHeading title={t('passwordReset.invalidTitle')} focus />
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconAlertCircle size={24} aria-hidden color="var(--cc-expenses)" style={{ flexShrink: 0 }} />
        <Text size="sm">{t('passwordReset.invalid')}</Text>
      </Group>
      <Anchor component={Link} to="/login" size="sm">
        {t('passwordReset.back')}
      </Anchor>
    </>
  );
}

/** The new password for the link's account; the server checks it as at sign-up (too short, too easy to guess). */
function NewPasswordForm({ token, email, onDone, onInvalid }: { token: string; email: string; onDone: () => void; onInvalid: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setFailure(null);
    if (!password) return setError(t('fieldErrors.required'));
    if (password.length < 8) return setError(t('fieldErrors.too_short'));
    setError(undefined);
    setBusy(true);
    try {
      await resetPassword(token, password);
      onDone();
    } catch (err) {
      setBusy(false);
      if (isProblem(err) && err.code === 'reset_link_invalid') return onInvalid();
      const field = fieldErrors(t, err).newPassword;
      setError(field);
      if (!field) setFailure(errorMessage(t, err));
    }
  };

  return (
    <>
      <AuthHeading title={t('passwordReset.choose')} subtitle={t('passwordReset.chooseFor', { email })} />
      {failure && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {failure}
        </Alert>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {/* For password managers: whose password this is. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label={t('passwordReset.newPassword')}
            description={t('login.passwordHint')}
            autoComplete="new-password"
            required
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
          />
          <Button type="submit" loading={busy} size="md">
            {t('passwordReset.save')}
          </Button>
        </Stack>
      </form>
    </>
  );
}

/** /login/reset?token=…: a one-time link (from an administrator, or by email) to choose a new password; signed out only. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useResetLink(token);
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const invalid = token === '' || state === 'invalid' || (isProblem(link.error) && link.error.status === 404);

  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
        <Stack gap="md">
          {state === 'done' ? (
            <>
              <AuthHeading title={t('passwordReset.doneTitle')} focus />
              <Group gap="sm" wrap="nowrap" align="flex-start" role="status">
                <IconCircleCheck size={24} aria-hidden color="var(--cc-earnings)" style={{ flexShrink: 0 }} />
                <Text size="sm">{t('passwordReset.done')}</Text>
              </Group>
              <Button size="md" onClick={() => void navigate('/login', { replace: true })}>
                {t('passwordReset.signIn')}
              </Button>
            </>
          ) : invalid ? (
            <InvalidLink />
          ) : link.isError ? (
            <>
              <AuthHeading title={t('passwordReset.choose')} />
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {errorMessage(t, link.error)}
              </Alert>
              <Group justify="space-between">
                <Anchor component={Link} to="/login" size="sm">
                  {t('passwordReset.back')}
                </Anchor>
                <Button variant="default" onClick={() => void link.refetch()}>
                  {t('app.retry')}
                </Button>
              </Group>
            </>
          ) : !link.data ? (
            <>
              <AuthHeading title={t('passwordReset.choose')} />
              <Skeleton h={100} />
            </>
          ) : (
            <NewPasswordForm token={token} email={link.data.email} onDone={() => setState('done')} onInvalid={() => setState('invalid')} />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
