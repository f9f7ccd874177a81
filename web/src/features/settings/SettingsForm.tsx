import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSetUser, useUser } from '@/shared/api/queries';
import { languageOf, preferenceOf, type Language } from '@/shared/i18n';
import { preferenceOfScheme, schemeOf, type Scheme } from '@/shared/theme';
import { useUI } from '@/shared/ui-state';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { saveSettings } from './api';

/** Theme and language, with save and close, as the seed's Configuration screen. */
export function SettingsForm() {
  const { t } = useTranslation();
  const user = useUser();
  const setUser = useSetUser();
  const navigate = useNavigate();
  const { setScheme, setLanguage } = useUI();
  const [scheme, setS] = useState<Scheme>(schemeOf(user.themePreference));
  const [lang, setL] = useState<Language>(languageOf(user.languagePreference));
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      const u = await saveSettings({ languagePreference: preferenceOf(lang), themePreference: preferenceOfScheme(scheme) });
      setUser(u);
      setScheme(schemeOf(u.themePreference));
      setLanguage(languageOf(u.languagePreference));
      notifyOk(t('common.saved'));
    } catch (e) {
      notifyError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('config.appearance')}
        </Title>
        <div>
          <Text size="sm" fw={500} mb={4} id="theme-label">
            {t('config.theme')}
          </Text>
          <SegmentedControl
            aria-labelledby="theme-label"
            value={scheme}
            onChange={(v) => setS(v as Scheme)}
            data={[
              {
                value: 'light',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconSun size={16} aria-hidden />
                    {t('config.light')}
                  </Group>
                ),
              },
              {
                value: 'dark',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconMoon size={16} aria-hidden />
                    {t('config.dark')}
                  </Group>
                ),
              },
            ]}
          />
        </div>
        <Select
          label={t('config.language')}
          value={lang}
          onChange={(v) => v && setL(v as Language)}
          allowDeselect={false}
          maw={320}
          data={[
            { value: 'es', label: t('config.spanish') },
            { value: 'en', label: t('config.english') },
            { value: 'fr', label: t('config.french') },
          ]}
        />
        <Group>
          <Button onClick={() => void save()} loading={busy}>
            {t('common.save')}
          </Button>
          <Button variant="default" onClick={() => void navigate(-1)}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
