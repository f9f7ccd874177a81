import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function EmptyState({ icon: I, text, children }: { icon: Icon; text: string; children?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" maw={420}>
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <I size={30} />
        </ThemeIcon>
        <Text ta="center" c="dimmed">
          {text}
        </Text>
        {children}
      </Stack>
    </Center>
  );
}
