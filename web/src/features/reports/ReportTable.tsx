import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** A plain, accessible table: the alternative to every chart. */
export function ReportTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // On a phone the table scrolls sideways: its scrolling box takes the focus, so that the keyboard scrolls it too.
    <Table.ScrollContainer minWidth={360} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      <Table striped highlightOnHover withTableBorder verticalSpacing={6}>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={h} ta={i === 0 ? 'left' : 'right'} scope="col">
                <Text size="sm" fw={600}>
                  {h}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>
              {r.map((c, j) => (
                <Table.Td key={j} ta={j === 0 ? 'left' : 'right'}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
