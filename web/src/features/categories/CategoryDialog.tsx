import { useState } from 'react';
import { ActionIcon, ColorSwatch, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '@/shared/api/queries';
import type { Category, CategoryType } from '@/shared/api/types';
import { categoryColors, categoryIcons } from '@/shared/ui/CategoryIcon';
import { FormActions } from '@/shared/ui/FormActions';
import { errorMessage, fieldErrors } from '@/shared/ui/problems';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { useCreateCategory, useUpdateCategory } from './api';

interface Props {
  type: CategoryType;
  category: Category | null;
  parentId: string | null;
  onClose: () => void;
}

/** Add or edit a category, with colour and icon pickers. */
export function CategoryDialog({ type, category, parentId, onClose }: Props) {
  const { t } = useTranslation();
  const { data: all = [] } = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const [name, setName] = useState(category?.name ?? '');
  const [parent, setParent] = useState<string | null>(category ? category.parentId : parentId);
  const [color, setColor] = useState(category?.color || (parent ? all.find((c) => c.id === parent)?.color : undefined) || categoryColors[0]!);
  const [icon, setIcon] = useState(category?.icon || 'dots');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const hasChildren = category ? all.some((c) => c.parentId === category.id) : false;
  const parents = all.filter((c) => c.type === type && c.parentId === null && c.id !== category?.id && !c.archived);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setErrors({ name: t('fieldErrors.required') });
      return;
    }
    const body = { name: name.trim(), color, icon, parentId: parent };
    try {
      if (category) await update.mutateAsync({ id: category.id, ...body });
      else await create.mutateAsync({ ...body, type });
      notifyOk(t('common.saved'));
      onClose();
    } catch (err) {
      setErrors(fieldErrors(t, err));
      notifyError(errorMessage(t, err));
    }
  };

  return (
    <Modal opened onClose={onClose} title={category ? t('categories.edit') : parentId ? t('categories.addSub') : t('categories.add')} size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('categories.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
            maxLength={60}
          />
          <Select
            label={t('categories.parent')}
            value={parent ?? ''}
            onChange={(v) => setParent(v || null)}
            disabled={hasChildren}
            allowDeselect={false}
            error={errors.parentId}
            data={[{ value: '', label: t('categories.topLevel') }, ...parents.map((p) => ({ value: p.id, label: p.name }))]}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="color-label">
              {t('categories.color')}
            </Text>
            <Group gap={6} role="radiogroup" aria-labelledby="color-label">
              {categoryColors.map((c) => (
                <ColorSwatch
                  key={c}
                  component="button"
                  type="button"
                  color={c}
                  role="radio"
                  aria-checked={c === color}
                  aria-label={c}
                  onClick={() => setColor(c)}
                  style={{ cursor: 'pointer', color: '#fff' }}
                  size={28}
                >
                  {c === color && <IconCheck size={16} />}
                </ColorSwatch>
              ))}
            </Group>
          </div>
          <div>
            <Text size="sm" fw={500} mb={4} id="icon-label">
              {t('categories.icon')}
            </Text>
            <SimpleGrid cols={{ base: 6, sm: 9 }} spacing={6} role="radiogroup" aria-labelledby="icon-label">
              {Object.entries(categoryIcons).map(([key, I]) => (
                <Tooltip key={key} label={key} openDelay={400}>
                  <ActionIcon
                    size="lg"
                    variant={key === icon ? 'filled' : 'light'}
                    color={key === icon ? color : 'gray'}
                    role="radio"
                    aria-checked={key === icon}
                    aria-label={key}
                    onClick={() => setIcon(key)}
                  >
                    <I size={20} />
                  </ActionIcon>
                </Tooltip>
              ))}
            </SimpleGrid>
          </div>
          <FormActions onCancel={onClose} busy={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
