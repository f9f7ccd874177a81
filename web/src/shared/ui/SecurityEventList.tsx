import { useId, type ReactNode } from 'react';
import { Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { breakpoints } from '@/shared/constants';
import { localeOf } from '@/shared/i18n';
import { useNarrowerThan } from '@/shared/viewport';
import { Card } from '@/shared/ui/Card';
import { Loaded } from '@/shared/ui/Loaded';

/** A security event as both lists have it (the user's own, and the administration's of every user). */
export interface ListedEvent {
  id: string;
  kind: string;
  at: number;
}

/** A column of the wide table. */
export interface EventColumn<E> {
  header: string;
  cell: (e: E) => ReactNode;
  nowrap?: boolean;
}

/** The cells every list has: when it happened and what (a failed sign-in stands out). */
export interface EventCells<E> {
  when: EventColumn<E>;
  what: EventColumn<E>;
  time: (e: E) => ReactNode;
}

interface Props<E extends ListedEvent> {
  title: string;
  hint: string;
  events: { isError: boolean; error: unknown; data?: E[] };
  /** The event told as a sentence. */
  sentence: (e: E) => string;
  /** The table's columns, from the common cells and the list's own. */
  columns: (cells: EventCells<E>) => EventColumn<E>[];
  /** On a phone, each event's lines (its fields stack, so nothing runs off the side). */
  lines: (cells: EventCells<E>, e: E) => ReactNode[];
}

/**
 * Security events, newest first: a table on a wide screen, stacked lines
 * on a phone; loading, failed and empty states said as such.
 */
export function SecurityEventList<E extends ListedEvent>({ title, hint, events, sentence, columns, lines }: Props<E>) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const phone = useNarrowerThan(breakpoints.tablet);
  const format = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const time = (e: E) => (
    <Text size="sm" c={phone ? 'dimmed' : undefined} component="time" dateTime={new Date(e.at).toISOString()}>
      {format.format(e.at)}
    </Text>
  );
  const what = (e: E) => {
    const failed = e.kind === 'sign_in_failed'; // someone may be trying the password
    return (
      <Text size="sm" fw={failed ? 600 : 500} component="span" style={{ display: 'inline-flex', gap: 6, alignItems: 'flex-start', overflowWrap: 'anywhere' }}>
        {failed && <IconAlertTriangle size={16} aria-hidden color="var(--cc-expenses)" style={{ flex: 'none', marginTop: 2 }} />}
        <span>{sentence(e)}</span>
      </Text>
    );
  };
  const cells: EventCells<E> = {
    when: { header: t('security.when'), cell: time, nowrap: true },
    what: { header: t('security.what'), cell: what },
    time,
  };

  return (
    <Card title={title} titleId={titleId} hint={hint}>
      <Loaded query={events} skeleton={96} empty={t('security.empty')}>
        {(list) =>
          phone ? (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={titleId}>
              {list.map((e) => (
                <Stack key={e.id} component="li" gap={2} py={8} style={{ borderBottom: '1px solid var(--cc-border)', minWidth: 0 }}>
                  {what(e)}
                  {lines(cells, e)}
                </Stack>
              ))}
            </Stack>
          ) : (
            <Table verticalSpacing={6} aria-labelledby={titleId}>
              <Table.Thead>
                <Table.Tr>
                  {columns(cells).map((c) => (
                    <Table.Th key={c.header} scope="col" style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {c.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((e) => (
                  <Table.Tr key={e.id}>
                    {columns(cells).map((c) => (
                      <Table.Td key={c.header} style={c.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
                        {c.cell(e)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </Loaded>
    </Card>
  );
}
