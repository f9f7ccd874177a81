import { Component, type ReactNode } from 'react';
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

/**
 * Shows RouteError instead of a screen that failed to render, until the
 * address changes (resetKey). React's own error boundary, a class: the few
 * lines a library would add to the first page's JavaScript are not needed.
 */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
