import type { Category, CategoryType } from '@/shared/api/types';

export interface CategoryNode extends Category {
  children: Category[];
}

/** Builds the one-level tree of a type: parents in order, each with its children in order. */
export function categoryTree(all: Category[], type: CategoryType, showArchived: boolean): CategoryNode[] {
  const visible = all.filter((c) => c.type === type && (showArchived || !c.archived));
  const byOrder = (a: Category, b: Category) => a.position - b.position || Number(a.id) - Number(b.id);
  return visible
    .filter((c) => c.parentId === null)
    .sort(byOrder)
    .map((p) => ({ ...p, children: visible.filter((c) => c.parentId === p.id).sort(byOrder) }));
}

/** Options for a category select: parents, with children indented under them. */
export function categoryOptions(all: Category[], type: CategoryType, opts: { includeArchived?: boolean; exclude?: string } = {}) {
  return categoryTree(all, type, !!opts.includeArchived).flatMap((p) =>
    [p, ...p.children]
      .filter((c) => c.id !== opts.exclude && c.parentId !== opts.exclude)
      .map((c) => ({ value: c.id, label: c.parentId ? `   ${p.name} › ${c.name}` : c.name })),
  );
}
