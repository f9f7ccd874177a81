import type { Category, CategoryType } from '@/shared/api/types';

/** Non-archived categories of a type, parents followed by their children. */
export function categoryChoicesFlat(all: Category[], type: CategoryType) {
  const usable = all.filter((c) => c.type === type && !c.archived);
  return usable
    .filter((c) => c.parentId === null)
    .sort((a, b) => a.position - b.position)
    .flatMap((p) => [
      { value: p.id, label: p.name },
      ...usable.filter((c) => c.parentId === p.id).map((c) => ({ value: c.id, label: `${p.name} › ${c.name}` })),
    ]);
}
