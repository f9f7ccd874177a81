import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isProblem } from '@/shared/api/client';
import type { User } from '@/shared/api/types';
import { codeFieldErrors, errorMessage } from '@/shared/ui/problems';
import { signInWithCode } from './api';
import { AuthHeading } from './AuthHeading';

/**
 * The second step of a password sign-in when two-step verification is on: the
 * authenticator's 6-digit code, or one of the recovery codes. An expired
 * challenge, or a fifth wrong code, sends the user back to the first step.
 */
export default function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: (u: User) => void; onRestart: (failure: string | null) => void }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    // Apps show the code as "123 456"; a recovery code is typed as it was saved.
    const code = recovery ? value.trim() : value.replace(/\s/g, '');
    setFailure(null);
    if (!code) {
      setError(t('fieldErrors.required'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      onSignedIn(await signInWithCode(recovery ? { recoveryCode: code } : { code }));
    } catch (err) {
      // The sign-in is over (too late, or its last try was a wrong code): back to the password, saying which.
      if (isProblem(err) && (err.code === 'two_factor_expired' || err.code === 'two_factor_attempts')) return onRestart(errorMessage(t, err));
      const precise = codeFieldErrors(t, err)[recovery ? 'recoveryCode' : 'code'];
      setError(precise);
      // Said under the field: not again as the generic "some fields need attention".
      setFailure(precise ? null : errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('twoFactor.title')} subtitle={recovery ? t('twoFactor.recoveryStepHint') : t('twoFactor.codeStepHint')} />
      {failure && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {failure}
        </Alert>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {recovery ? (
            <TextInput
              key="recoveryCode"
              label={t('twoFactor.recoveryCode')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              required
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
          ) : (
            <TextInput
              key="code"
              label={t('twoFactor.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              required
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.2em' } }}
            />
          )}
          <Button type="submit" loading={busy} size="md">
            {t('twoFactor.verify')}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setError(undefined);
            setFailure(null);
          }}
        >
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
          {t('twoFactor.back')}
        </Anchor>
      </Group>
    </>
  );
}
