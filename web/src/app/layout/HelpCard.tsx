import { Button, Card, Text } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMeta } from '@/shared/api/queries';

/** The help center card: its Contact button mails the configured support address. */
export function HelpCard() {
  const { t } = useTranslation();
  const { data: meta } = useMeta();
  return (
    <Card withBorder padding="sm" radius="md" aria-labelledby="help-title">
      <IconLifebuoy size={22} aria-hidden color="var(--cc-accent)" />
      <Text id="help-title" fw={600} size="sm" mt={4}>
        {t('HELP_CENTER')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('app.helpText')}
      </Text>
      {meta?.supportEmail ? (
        <Button size="xs" color="accent" component="a" href={`mailto:${meta.supportEmail}`}>
          {t('CONTACT')}
        </Button>
      ) : null}
    </Card>
  );
}
