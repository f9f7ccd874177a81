// The category tree (one level: parents and their children), the one place
// that orders categories and names a child "Parent › Child" for the screens.
import type { Category, CategoryType } from './api/types';

export interface CategoryNode extends Category {
  children: Category[];
}

const byOrder = (a: Category, b: Category) => a.position - b.position || Number(a.id) - Number(b.id);

/** The one-level tree of a type: parents in order, each with its children in order. Archived
 * categories are left out unless archived is set, except keep (a movement's own category); a
 * child whose parent is left out is left out too. */
export function categoryTree(all: Category[], type: CategoryType, opts: { archived?: boolean; keep?: string | null } = {}): CategoryNode[] {
  const visible = all.filter((c) => c.type === type && (opts.archived || !c.archived || c.id === opts.keep));
  return visible
    .filter((c) => c.parentId === null)
    .sort(byOrder)
    .map((p) => ({ ...p, children: visible.filter((c) => c.parentId === p.id).sort(byOrder) }));
}

const option = (p: Category, c: Category) => ({ value: c.id, label: c.parentId ? `${p.name} › ${c.name}` : c.name });

/** Options for a category select: parents, with children indented under them; exclude leaves out a
 * category and its children. */
export function categoryOptions(all: Category[], type: CategoryType, opts: { includeArchived?: boolean; exclude?: string } = {}) {
  return categoryTree(all, type, { archived: opts.includeArchived }).flatMap((p) =>
    [p, ...p.children]
      .filter((c) => c.id !== opts.exclude && c.parentId !== opts.exclude)
      .map((c) => ({ value: c.id, label: c.parentId ? `   ${option(p, c).label}` : c.name })),
  );
}

/** A movement's categories for a select: parents followed by their children, archived ones left out. */
export function categoryChoices(all: Category[], type: CategoryType) {
  return categoryTree(all, type).flatMap((p) => [p, ...p.children].map((c) => option(p, c)));
}

/** The same, grouped under each parent; keep (the movement's own category) stays even when archived. */
export function categoryGroups(all: Category[], type: CategoryType, keep: string | null) {
  return categoryTree(all, type, { keep }).map((p) => ({ group: p.name, items: [p, ...p.children].map((c) => option(p, c)) }));
}

/** The names of a split movement's categories, each once, in the order of its lines (a deleted one left out). */
export function splitCategoryNames(splits: readonly { categoryId: string }[], byId: ReadonlyMap<string, Category>): string[] {
  const names: string[] = [];
  for (const s of splits) {
    const name = byId.get(s.categoryId)?.name;
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}
