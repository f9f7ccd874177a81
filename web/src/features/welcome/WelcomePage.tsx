import { useState } from 'react';
import { Button, Center, Checkbox, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrencies, useSetUser, useUser } from '@/shared/api/queries';
import { browserTimeZone } from '@/shared/dates';
import { preferenceOf, type Language } from '@/shared/i18n';
import { useUI } from '@/shared/ui-state';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError } from '@/shared/ui/notify';
import { completeWelcome } from './api';

const common = ['EUR', 'USD', 'GBP', 'MXN', 'ARS', 'COP', 'CLP', 'PEN', 'CHF', 'CAD', 'JPY', 'MAD', 'XOF'];

/** First-time user: language, base currency and the starter categories. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const user = useUser();
  const setUser = useSetUser();
  const { language, setLanguage } = useUI();
  const currencies = useCurrencies();
  const [currency, setCurrency] = useState(user.baseCurrency || 'EUR');
  const [starter, setStarter] = useState(true);
  const [busy, setBusy] = useState(false);
  const codes = [...common, ...(currencies.data ?? []).map((c) => c.code).filter((c) => !common.includes(c))];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      setUser(
        await completeWelcome({
          languagePreference: preferenceOf(language),
          baseCurrency: currency,
          starterCategories: starter,
          timeZone: browserTimeZone(),
        }),
      );
    } catch (err) {
      notifyError(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={460}>
        <form onSubmit={(e) => void submit(e)}>
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('welcome.title')}
            </Title>
            <Text c="dimmed">{t('welcome.intro')}</Text>
            <Select
              label={t('welcome.language')}
              value={language}
              onChange={(v) => v && setLanguage(v as Language)}
              allowDeselect={false}
              data={[
                { value: 'es', label: t('config.spanish') },
                { value: 'en', label: t('config.english') },
                { value: 'fr', label: t('config.french') },
              ]}
            />
            <Select label={t('welcome.currency')} value={currency} onChange={(v) => v && setCurrency(v)} data={codes} searchable allowDeselect={false} />
            <Checkbox
              label={t('welcome.starter')}
              description={t('welcome.starterHint')}
              checked={starter}
              onChange={(e) => setStarter(e.currentTarget.checked)}
            />
            <Button type="submit" loading={busy} size="md">
              {t('common.continue')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
