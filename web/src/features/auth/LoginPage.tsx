import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Center, Divider, Loader, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconKey, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useMeta, useSetUser } from '@/shared/api/queries';
import { preferenceOf, type Language } from '@/shared/i18n';
import { rememberReturn, returnPathOf } from '@/shared/returnTo';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { needsSecondStep, signIn, signUp, useProviders } from './api';
import { AuthHeading } from './AuthHeading';

// The views a sign-in reaches only after a click or a right password load
// then: the first paint of /login carries only the form.
const TwoFactorStep = lazy(() => import('./TwoFactorStep'));
const ForgotPassword = lazy(() => import('./ForgotPassword'));

type Mode = 'signIn' | 'signUp';

/** The login screen: the seed's invitation, provider buttons and the email form. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { state } = useLocation();
  const providers = useProviders();
  const meta = useMeta();
  const setUser = useSetUser();
  const [mode, setMode] = useState<Mode>('signIn');
  // The password was right and two-step verification is on: the code step shows.
  const [secondStep, setSecondStep] = useState(false);
  // Back from the code step: the email is kept and the password field takes the focus.
  const [returned, setReturned] = useState(false);
  // "Forgot your password?": the card shows how to get a reset link instead.
  const [forgot, setForgot] = useState(false);
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(
    params.get('error') ? t(`errors.${params.get('error')}`, { defaultValue: t('errors.oidc_failed') }) : null,
  );
  const [busy, setBusy] = useState(false);

  const validate = () => {
    const e: Record<string, string> = {};
    if (!form.email.trim()) e.email = t('fieldErrors.required');
    if (!form.password) e.password = t('fieldErrors.required');
    else if (mode === 'signUp' && form.password.length < 8) e.password = t('fieldErrors.too_short');
    return e;
  };

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const e = validate();
    setErrors(e);
    setFailure(null);
    if (Object.keys(e).length) return;
    setBusy(true);
    // The code step's code comes while the password is checked (used or not).
    if (mode === 'signIn') void import('./TwoFactorStep');
    try {
      const answer =
        mode === 'signIn' ? await signIn(form.email, form.password) : await signUp({ ...form, languagePreference: preferenceOf(i18n.language as Language) });
      if (needsSecondStep(answer)) setSecondStep(true);
      else setUser(answer);
    } catch (err) {
      setErrors(fieldErrors(t, err));
      setFailure(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  // A passkey signs in alone: the device verified its user, no second step.
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const passkeys = mode === 'signIn' && meta.data?.passkeys === true;
  const withPasskey = async () => {
    setErrors({});
    setFailure(null);
    setPasskeyBusy(true);
    // Its code (and the WebAuthn library's) loads on the click, not with the page.
    const [{ signInWithPasskey }, { passkeyErrorMessage }] = await Promise.all([import('./passkeyApi'), import('@/shared/ui/passkeyErrors')]);
    try {
      setUser(await signInWithPasskey());
    } catch (err) {
      setFailure(passkeyErrorMessage(t, err));
    } finally {
      setPasskeyBusy(false);
    }
  };

  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
    error: errors[name],
  });

  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
        <Stack gap="md">
          {secondStep || forgot ? (
            <Suspense fallback={<Loader size="sm" mx="auto" aria-label={t('app.loading')} />}>
              {secondStep ? (
                <TwoFactorStep
                  onSignedIn={setUser}
                  onRestart={(message) => {
                    setSecondStep(false);
                    setReturned(true);
                    setForm((f) => ({ ...f, password: '' }));
                    setErrors({});
                    setFailure(message);
                  }}
                />
              ) : (
                <ForgotPassword
                  email={form.email}
                  onBack={() => {
                    setForgot(false);
                    // Back on the form, the password field takes the focus (as after the code step).
                    setReturned(true);
                  }}
                />
              )}
            </Suspense>
          ) : (
            <>
              <AuthHeading title={t('login.title')} subtitle={t('login.subtitle')} />
              {failure && (
                <Alert color="red" icon={<IconAlertCircle />} role="alert">
                  {failure}
                </Alert>
              )}
              {(providers.data ?? []).map((p) => (
                <Button
                  key={p.id}
                  component="a"
                  href={p.loginUrl}
                  // The provider comes back to /: the page that sent the user here waits in this tab.
                  onClick={() => rememberReturn(returnPathOf(state))}
                  variant="default"
                  size="md"
                  leftSection={p.id === 'google' ? <IconBrandGoogle size={20} /> : <IconLogin size={20} />}
                >
                  {t('login.signInWith', { name: p.name })}
                </Button>
              ))}
              {passkeys && (
                <Button
                  variant="default"
                  size="md"
                  leftSection={<IconKey size={20} aria-hidden />}
                  loading={passkeyBusy}
                  onClick={() => void withPasskey()}
                  // The label wraps on a phone (Spanish and French say it in many more letters) instead of being cut.
                  styles={{
                    root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 8 },
                    label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
                  }}
                >
                  {t('passkeys.signIn')}
                </Button>
              )}
              {((providers.data?.length ?? 0) > 0 || passkeys) && <Divider label={t('login.or')} labelPosition="center" />}
              <form onSubmit={(e) => void submit(e)} noValidate>
                <Stack gap="sm">
                  {mode === 'signUp' && <TextInput label={t('login.name')} autoComplete="name" {...field('name')} />}
                  <TextInput
                    label={t('login.email')}
                    type="email"
                    autoComplete={mode === 'signIn' ? 'username webauthn' : 'email'}
                    required
                    {...field('email')}
                  />
                  <PasswordInput
                    label={t('login.password')}
                    autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
                    autoFocus={returned}
                    description={mode === 'signUp' ? t('login.passwordHint') : undefined}
                    required
                    {...field('password')}
                  />
                  {mode === 'signIn' && (
                    <Anchor component="button" type="button" size="sm" mt={-4} style={{ alignSelf: 'flex-start' }} onClick={() => setForgot(true)}>
                      {t('passwordReset.forgot')}
                    </Anchor>
                  )}
                  <Button type="submit" loading={busy} size="md">
                    {mode === 'signIn' ? t('login.signIn') : t('login.signUp')}
                  </Button>
                </Stack>
              </form>
              {(mode === 'signUp' || meta.data?.signupEnabled !== false) && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    setMode(mode === 'signIn' ? 'signUp' : 'signIn');
                    setErrors({});
                    setFailure(null);
                  }}
                >
                  {mode === 'signIn' ? t('login.toSignUp') : t('login.toSignIn')}
                </Anchor>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
