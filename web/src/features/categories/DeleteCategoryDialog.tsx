import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isProblem } from '@/shared/api/client';
import { useCategories } from '@/shared/api/queries';
import type { Category } from '@/shared/api/types';
import { categoryOptions } from '@/shared/categories';
import { errorMessage } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useDeleteCategory, useUpdateCategory } from './api';

/** Delete; when movements use the category, offer archive or move-and-delete. */
export function DeleteCategoryDialog({ category, onClose }: { category: Category; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: all = [] } = useCategories();
  const remove = useDeleteCategory();
  const update = useUpdateCategory();
  const [inUse, setInUse] = useState(false);
  const [target, setTarget] = useState<string | null>(null);

  const run = async (moveTo?: string) => {
    try {
      await remove.mutateAsync({ id: category.id, moveTo });
      notifyOk(t('common.saved'));
      onClose();
    } catch (e) {
      if (isProblem(e) && e.code === 'in_use') setInUse(true);
      else notifyError(errorMessage(t, e));
    }
  };
  const archive = async () => {
    try {
      await update.mutateAsync({ id: category.id, archived: true });
      notifyOk(t('common.saved'));
      onClose();
    } catch (e) {
      notifyError(errorMessage(t, e));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('categories.deleteTitle', { name: category.name })}>
      {!inUse ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void run()} loading={remove.isPending}>
            {t('common.delete')}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm">
          <Text size="sm" role="alert">
            {t('categories.inUse')}
          </Text>
          <Button variant="light" onClick={() => void archive()}>
            {t('common.archive')}
          </Button>
          <Select
            label={t('categories.moveTo')}
            value={target}
            onChange={setTarget}
            data={categoryOptions(all, category.type, { exclude: category.id })}
            searchable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button color="red" disabled={!target} onClick={() => target && void run(target)} loading={remove.isPending}>
              {t('categories.moveAndDelete')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
