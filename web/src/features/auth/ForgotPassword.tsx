import { useState } from 'react';
import { Alert, Anchor, Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMeta } from '@/shared/api/queries';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { AuthHeading } from './AuthHeading';
import { requestPasswordReset } from './resetApi';

/**
 * "Forgot your password?" on the login card. A server that sends email mails
 * a link (the answer is the same whether or not an account uses the email);
 * one that does not says to ask the administrator, who can make a link.
 */
export default function ForgotPassword({ email: initial, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setFailure(null);
    if (!email.trim()) return setError(t('fieldErrors.required'));
    setError(undefined);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      setError(fieldErrors(t, err).email);
      setFailure(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  const byEmail = meta.data?.passwordResetByEmail === true;
  return (
    <>
      <AuthHeading
        title={t('passwordReset.title')}
        subtitle={byEmail && !sent ? t('passwordReset.emailHint') : undefined}
        // The email field takes the focus when there is one.
        focus={!byEmail || sent}
      />
      {!meta.data && !meta.isError ? (
        <Skeleton h={80} />
      ) : !byEmail ? (
        <Text size="sm">{t('passwordReset.askAdmin')}</Text>
      ) : sent ? (
        <Alert color="brand" variant="light" icon={<IconMailCheck size={20} />} role="status">
          <Text size="sm">{t('passwordReset.sent')}</Text>
        </Alert>
      ) : (
        <>
          {failure && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {failure}
            </Alert>
          )}
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('login.email')}
                type="email"
                autoComplete="email"
                required
                autoFocus
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={error}
              />
              <Button type="submit" loading={busy} size="md">
                {t('passwordReset.send')}
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Anchor component="button" type="button" size="sm" onClick={onBack} style={{ alignSelf: 'flex-start' }}>
        {t('passwordReset.back')}
      </Anchor>
    </>
  );
}
