import { useState } from 'react';
import { Alert, Anchor, Button, Center, Divider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useMeta, useSetUser } from '@/shared/api/queries';
import { preferenceOf, type Language } from '@/shared/i18n';
import { rememberReturn, returnPathOf } from '@/shared/returnTo';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { signIn, signUp, useProviders } from './api';

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
    try {
      const user =
        mode === 'signIn' ? await signIn(form.email, form.password) : await signUp({ ...form, languagePreference: preferenceOf(i18n.language as Language) });
      setUser(user);
    } catch (err) {
      setErrors(fieldErrors(t, err));
      setFailure(errorMessage(t, err));
    } finally {
      setBusy(false);
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
          <div>
            <Text fw={800} c="brand" size="lg">
              {t('app.name')}
            </Text>
            <Title order={1} size="h2" mt={4}>
              {t('login.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login.subtitle')}
            </Text>
          </div>
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
          {(providers.data?.length ?? 0) > 0 && <Divider label={t('login.or')} labelPosition="center" />}
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="sm">
              {mode === 'signUp' && <TextInput label={t('login.name')} autoComplete="name" {...field('name')} />}
              <TextInput label={t('login.email')} type="email" autoComplete="email" required {...field('email')} />
              <PasswordInput
                label={t('login.password')}
                autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
                description={mode === 'signUp' ? t('login.passwordHint') : undefined}
                required
                {...field('password')}
              />
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
        </Stack>
      </Paper>
    </Center>
  );
}
