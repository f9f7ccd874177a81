import { useId } from 'react';
import { Paper, Skeleton, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useAdminSettings, useSetSignups } from './api';

/** Whether people may create accounts, on every server of the installation at once. */
export function SignupsCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const settings = useAdminSettings();
  const set = useSetSignups();

  const change = async (on: boolean) => {
    try {
      await set.mutateAsync(on);
      notifyOk(on ? t('admin.signups.on') : t('admin.signups.off'));
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };
  // While the change is on its way the switch shows where it is going.
  const checked = set.isPending ? set.variables : settings.data?.signupEnabled;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {t('admin.signups.title')}
      </Title>
      {settings.isError ? (
        <Text size="sm" c="red" role="alert">
          {errorMessage(t, settings.error)}
        </Text>
      ) : !settings.data ? (
        <Skeleton h={24} />
      ) : (
        <Switch
          label={t('admin.signups.allow')}
          checked={checked ?? false}
          onChange={(e) => void change(e.currentTarget.checked)}
          aria-describedby={hintId}
          size="md"
        />
      )}
      <Text size="sm" c="dimmed" mt="sm" id={hintId}>
        {t('admin.signups.hint')}
      </Text>
    </Paper>
  );
}
