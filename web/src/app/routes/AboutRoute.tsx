import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMeta } from '@/shared/api/queries';
import { PageHeader } from '@/shared/ui/PageHeader';

export default function AboutRoute() {
  const { t } = useTranslation();
  const { data: meta } = useMeta();
  const commit = meta?.build?.commit;
  return (
    <Stack maw={640}>
      <PageHeader title={t('about.title')} />
      <Paper withBorder p="md" radius="md">
        <Text fw={700} size="lg">
          {t('app.name')}
        </Text>
        <Text>{t('about.version')}</Text>
        {meta && commit ? (
          <Text size="xs" c="dimmed">
            {t('about.build', { version: meta.version, commit })}
          </Text>
        ) : null}
        <Text c="dimmed" mt="sm">
          {t('about.text')}
        </Text>
      </Paper>
    </Stack>
  );
}
