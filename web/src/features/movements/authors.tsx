import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLedgerPeople } from '@/shared/api/ledgers';
import type { Movement } from '@/shared/api/types';
import { localeOf } from '@/shared/i18n';

// Who recorded a movement and who changed it last, in a shared ledger.
// people maps the ledger's members (user id → name); a user no longer in it
// is "a former member"; a movement without an author (the server's, or one
// from before authors were recorded) names nobody.

function nameOf(t: TFunction, people: Map<string, string>, id: string | null | undefined): string | null {
  if (!id) return null;
  return people.get(id) ?? t('people.formerMember');
}

/** The list row's note: "by Ana", "by Ana, changed by Luis", "changed by Luis"; null when it has nothing to say. */
export function authorsNote(t: TFunction, people: Map<string, string>, m: Movement): string | null {
  const by = nameOf(t, people, m.createdBy);
  const changer = m.updatedBy && m.updatedBy !== m.createdBy ? nameOf(t, people, m.updatedBy) : null;
  if (by && changer) return t('people.byChanged', { name: by, changer });
  if (by) return t('people.by', { name: by });
  if (changer) return t('people.changedBy', { name: changer });
  return null;
}

/** The form's lines: "Added by Ana on 3 Nov 2026, 14:05" and, when it was changed after, "Last changed by Luis on …". */
export function authorsLines(t: TFunction, people: Map<string, string>, m: Movement, when: (ms: number) => string): string[] {
  const out: string[] = [];
  if (m.createdAt) {
    const by = nameOf(t, people, m.createdBy);
    out.push(by ? t('people.added', { name: by, date: when(m.createdAt) }) : t('people.addedOn', { date: when(m.createdAt) }));
  }
  if (m.updatedAt && m.updatedAt !== m.createdAt) {
    const by = nameOf(t, people, m.updatedBy);
    out.push(by ? t('people.changed', { name: by, date: when(m.updatedAt) }) : t('people.changedOn', { date: when(m.updatedAt) }));
  }
  return out;
}

/** Under a movement's form in a shared ledger: who added it and who changed it last, and when. */
export function MovementAuthors({ movement }: { movement: Movement }) {
  const { t, i18n } = useTranslation();
  const people = useLedgerPeople();
  if (!people) return null;
  const f = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const lines = authorsLines(t, people, movement, (ms) => f.format(ms));
  if (lines.length === 0) return null;
  return (
    <div data-testid="movement-authors">
      {lines.map((l) => (
        <Text key={l} size="xs" c="dimmed">
          {l}
        </Text>
      ))}
    </div>
  );
}
