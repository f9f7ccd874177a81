import { Fragment, useState } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLedgers } from '@/shared/api/ledgers';
import { PageHeader } from '@/shared/ui/PageHeader';
import { ActivitySection } from './ActivitySection';
import { InvitationsSection } from './InvitationsSection';
import { LedgerList } from './LedgerList';
import { MembersSection } from './MembersSection';

/** /config/ledgers: the user's ledgers, then the members (and, for owners, the invitations) and the activity of the one chosen in the list — the current one at first. */
export default function LedgersPage({ nav }: { nav?: React.ReactNode }) {
  const { t } = useTranslation();
  const ledgers = useLedgers();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = ledgers.data ?? [];
  const selected = list.find((l) => l.id === chosen) ?? list.find((l) => l.current) ?? list[0] ?? null;
  return (
    <Stack maw={760} gap="md">
      <PageHeader title={t('config.title')} />
      {nav}
      <LedgerList selectedId={selected?.id ?? null} onSelect={setChosen} />
      {selected && (
        <Fragment key={selected.id}>
          <MembersSection ledger={selected} />
          {selected.role === 'owner' && <InvitationsSection ledger={selected} />}
          <ActivitySection ledger={selected} />
        </Fragment>
      )}
    </Stack>
  );
}
