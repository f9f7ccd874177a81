import { useId } from 'react';
import { Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';
import { useAdminSettings, useSetSignups } from './api';

/** Whether people may create accounts, on every server of the installation at once. */
export function SignupsCard() {
  const { t } = useTranslation();
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
    <Card title={t('admin.signups.title')}>
      <Loaded query={settings} skeleton={24}>
        {() => (
          <Switch
            label={t('admin.signups.allow')}
            checked={checked ?? false}
            onChange={(e) => void change(e.currentTarget.checked)}
            aria-describedby={hintId}
            size="md"
          />
        )}
      </Loaded>
      <Text size="sm" c="dimmed" mt="sm" id={hintId}>
        {t('admin.signups.hint')}
      </Text>
    </Card>
  );
}
