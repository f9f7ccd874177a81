import type { ReactNode } from 'react';
import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/shared/ui/problems';

interface LoadedProps<T> {
  /** A query (or anything shaped like one). */
  query: { isError: boolean; error: unknown; data?: T };
  /** The height of what stands in while it loads (px). */
  skeleton?: number;
  /** Said instead of the content when there is nothing to show (an empty list, or isEmpty). */
  empty?: ReactNode;
  /** Whether the data shows nothing (default: an empty list). */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * What a query's part of a screen shows in each of its states: its error
 * (an alert, in the user's language), a skeleton while it loads, a line
 * when there is nothing, else the content made from the data.
 */
export function Loaded<T>({ query, skeleton = 56, empty, isEmpty, children }: LoadedProps<T>) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Text size="sm" c="var(--mantine-color-error)" role="alert">
        {errorMessage(t, query.error)}
      </Text>
    );
  }
  if (query.data === undefined) return <Skeleton h={skeleton} />;
  if (empty !== undefined && (isEmpty ? isEmpty(query.data) : Array.isArray(query.data) && query.data.length === 0)) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
