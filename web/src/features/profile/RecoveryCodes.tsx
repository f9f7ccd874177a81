import { useEffect, useRef } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Title, type TextInputProps } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/shared/api/queries';
import { CopyValue } from '@/shared/ui/CopyValue';

/** A field for a one-time code: the phone's keyboard of digits, and the code the system offers (an SMS or an app). */
export function CodeInput(props: TextInputProps) {
  return (
    <TextInput
      autoComplete="one-time-code"
      inputMode="numeric"
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      {...props}
    />
  );
}

/** What the user typed into a code field, as the server wants it: apps show "123 456", and a recovery code may come with spaces around it. */
export function typedCode(s: string): string {
  const trimmed = s.trim();
  return /^[\d\s]+$/.test(trimmed) ? trimmed.replace(/\s/g, '') : trimmed;
}

/** The recovery codes as a text file: a line that says what they are, then one code a line. */
function saveAsFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * Fresh recovery codes, shown once: a warning, the codes in a grid, and
 * buttons that copy them or download them as a .txt file. The title takes the
 * focus, so that a screen reader reads from it.
 */
export function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const user = useUser();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const text = `${t('twoFactor.codesFileHeader', { email: user.email })}\n\n${codes.join('\n')}\n`;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4" ref={title} tabIndex={-1} style={{ outline: 'none' }}>
        {t('twoFactor.codesTitle')}
      </Title>
      {/* The text in the text's colour: Mantine's yellow on the alert's yellow is below 4.5:1. */}
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} p="sm">
        <Text size="sm">{t('twoFactor.codesOnce')}</Text>
      </Alert>
      <SimpleGrid
        component="ol"
        cols={2}
        spacing="xs"
        verticalSpacing={6}
        aria-label={t('twoFactor.codesTitle')}
        p="sm"
        m={0}
        style={{ listStyle: 'none', border: '1px solid var(--cc-border)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        {codes.map((c) => (
          <Text key={c} component="li" ff="monospace" fw={600} ta="center" style={{ overflowWrap: 'anywhere' }}>
            {c}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyValue value={codes.join('\n')} label={t('twoFactor.copyCodes')} copied={t('twoFactor.copied')} />
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => saveAsFile(t('twoFactor.codesFile'), text)}>
          {t('twoFactor.download')}
        </Button>
      </Group>
    </Stack>
  );
}
