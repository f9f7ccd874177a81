import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// The router's error screen reads as the seed's does.
const UNEXPECTED = 'Unexpected Application Error!';

export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {UNEXPECTED}
        </Title>
        <Text c="dimmed">{t('app.unexpectedHint')}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
          <Button variant="default" component="a" href="/">
            {t('app.goHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
