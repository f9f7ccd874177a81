import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// The seed shows 'Not Found' for any unknown path; we keep those words and
// add a translated hint and a way home.
const NOT_FOUND = 'Not Found';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>{NOT_FOUND}</Title>
        <Text c="dimmed">{t('app.notFoundHint')}</Text>
        <Button component={Link} to="/">
          {t('app.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
