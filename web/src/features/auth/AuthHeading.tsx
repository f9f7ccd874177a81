import { useEffect, useRef } from 'react';
import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The top of a signed-out card (forgot password, a reset link): the app's
 * name, the step's title and a line under it. focus: the title takes the
 * focus when it shows (a step without a field to start in), so that the
 * keyboard and a screen reader start from it.
 */
export function AuthHeading({ title, subtitle, focus = false }: { title: string; subtitle?: string; focus?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus, title]);
  return (
    <div>
      <Text fw={800} c="brand" size="lg">
        {t('app.name')}
      </Text>
      <Title order={1} size="h2" mt={4} ref={ref} tabIndex={focus ? -1 : undefined} style={{ outline: 'none' }}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {subtitle}
        </Text>
      )}
    </div>
  );
}
