import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Switch, Tabs, Text } from '@mantine/core';
import {
  IconArchive,
  IconArrowDown,
  IconArrowUp,
  IconCategory,
  IconDots,
  IconPencil,
  IconPlus,
  IconRestore,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCanWrite, useCategories } from '@/shared/api/queries';
import type { Category, CategoryType } from '@/shared/api/types';
import { categoryTree } from '@/shared/categories';
import { CategoryIcon } from '@/shared/ui/CategoryIcon';
import { EmptyState } from '@/shared/ui/EmptyState';
import { PageHeader } from '@/shared/ui/PageHeader';
import { ReadOnlyNotice } from '@/shared/ui/ReadOnlyNotice';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError } from '@/shared/ui/notify';
import { useReorderCategories, useStarterCategories, useUpdateCategory } from './api';
import { CategoryDialog } from './CategoryDialog';
import { DeleteCategoryDialog } from './DeleteCategoryDialog';

type Editing = { category: Category | null; parentId: string | null } | null;

function Row({
  c,
  siblings,
  index,
  onEdit,
  onAddSub,
  onDelete,
  onArchive,
  onReorder,
  readOnly,
}: {
  readOnly: boolean;
  c: Category;
  siblings: Category[];
  index: number;
  onEdit: () => void;
  onAddSub?: () => void;
  onDelete: () => void;
  onArchive: () => void;
  onReorder: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const move = (d: number) => {
    const ids = siblings.map((s) => s.id);
    const j = index + d;
    if (j < 0 || j >= ids.length) return;
    [ids[index], ids[j]] = [ids[j]!, ids[index]!];
    onReorder(ids);
  };
  return (
    <Group justify="space-between" wrap="nowrap" py={6} pl={c.parentId ? 40 : 0} style={{ opacity: c.archived ? 0.55 : 1 }}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <CategoryIcon icon={c.icon} color={c.color} size={c.parentId ? 28 : 34} />
        <Text fw={c.parentId ? 400 : 600} truncate>
          {c.name}
        </Text>
        {c.archived && (
          <Badge size="xs" color="gray" variant="light">
            {t('common.archived')}
          </Badge>
        )}
      </Group>
      {!readOnly && (
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`${t('common.moveUp')}: ${c.name}`} disabled={index === 0} onClick={() => move(-1)}>
            <IconArrowUp size={18} />
          </ActionIcon>
          <ActionIcon variant="subtle" aria-label={`${t('common.moveDown')}: ${c.name}`} disabled={index === siblings.length - 1} onClick={() => move(1)}>
            <IconArrowDown size={18} />
          </ActionIcon>
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`${t('common.actions')}: ${c.name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
                {t('common.edit')}
              </Menu.Item>
              {onAddSub && (
                <Menu.Item leftSection={<IconPlus size={16} />} onClick={onAddSub}>
                  {t('categories.addSub')}
                </Menu.Item>
              )}
              <Menu.Item leftSection={c.archived ? <IconRestore size={16} /> : <IconArchive size={16} />} onClick={onArchive}>
                {c.archived ? t('common.restore') : t('common.archive')}
              </Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                {t('common.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
    </Group>
  );
}

/** /categories: expense and earnings tabs, subcategories nested under their parent. */
/** nav: the links between the categories and their budget (the app's). */
export default function CategoriesPage({ nav }: { nav?: React.ReactNode }) {
  const { t } = useTranslation();
  const { data: all = [] } = useCategories();
  // A viewer of the ledger reads the categories: no add, edit, archive, reorder or delete.
  const readOnly = !useCanWrite();
  const starter = useStarterCategories();
  const update = useUpdateCategory();
  const reorder = useReorderCategories();
  // mutateAsync, not mutate: mutate's own callbacks run only for the latest
  // call, and each row's failure must be told.
  const fail = (e: unknown) => notifyError(errorMessage(t, e));
  const onArchive = (c: Category) => () => void update.mutateAsync({ id: c.id, archived: !c.archived }).catch(fail);
  const onReorder = (ids: string[]) => void reorder.mutateAsync(ids).catch(fail);
  const [type, setType] = useState<CategoryType>('expense');
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const tree = categoryTree(all, type, { archived: showArchived });

  return (
    <Stack maw={760} gap="md">
      <PageHeader title={t('categories.title')} note={<ReadOnlyNotice />}>
        {!readOnly && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ category: null, parentId: null })}>
            {t('categories.add')}
          </Button>
        )}
      </PageHeader>
      {nav}
      <Tabs value={type} onChange={(v) => v && setType(v as CategoryType)} color={type === 'expense' ? 'red' : 'green'}>
        <Tabs.List>
          <Tabs.Tab value="expense" style={{ color: type === 'expense' ? 'var(--cc-expenses)' : undefined }}>
            {t('categories.expenses')}
          </Tabs.Tab>
          <Tabs.Tab value="earning" style={{ color: type === 'earning' ? 'var(--cc-earnings)' : undefined }}>
            {t('categories.earnings')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Switch label={t('categories.showArchived')} checked={showArchived} onChange={(e) => setShowArchived(e.currentTarget.checked)} color="accent" />
      <Paper withBorder p="sm" radius="md">
        {tree.length === 0 ? (
          <EmptyState icon={IconCategory} text={t('categories.empty')}>
            {all.length === 0 && !readOnly && (
              <Button variant="light" leftSection={<IconSparkles size={18} />} loading={starter.isPending} onClick={() => starter.mutate()}>
                {t('categories.createStarter')}
              </Button>
            )}
          </EmptyState>
        ) : (
          <Stack
            gap={0}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={type === 'expense' ? t('categories.expenses') : t('categories.earnings')}
          >
            {tree.map((p, i) => (
              <li key={p.id} style={{ borderBottom: '1px solid var(--cc-border)' }}>
                <Row
                  c={p}
                  siblings={tree}
                  index={i}
                  onEdit={() => setEditing({ category: p, parentId: null })}
                  onAddSub={() => setEditing({ category: null, parentId: p.id })}
                  onDelete={() => setDeleting(p)}
                  onArchive={onArchive(p)}
                  onReorder={onReorder}
                  readOnly={readOnly}
                />
                {p.children.length > 0 && (
                  <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {p.children.map((ch, j) => (
                      <li key={ch.id}>
                        <Row
                          c={ch}
                          siblings={p.children}
                          index={j}
                          onEdit={() => setEditing({ category: ch, parentId: p.id })}
                          onDelete={() => setDeleting(ch)}
                          onArchive={onArchive(ch)}
                          onReorder={onReorder}
                          readOnly={readOnly}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Paper>
      {editing && <CategoryDialog type={type} category={editing.category} parentId={editing.parentId} onClose={() => setEditing(null)} />}
      {deleting && <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
