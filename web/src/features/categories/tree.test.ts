import { describe, expect, it } from 'vitest';
import type { Category } from '@/shared/api/types';
import { categoryOptions, categoryTree } from './tree';

const c = (id: string, name: string, parentId: string | null, position: number, extra: Partial<Category> = {}): Category => ({
  id,
  name,
  parentId,
  position,
  type: 'expense',
  color: '',
  icon: '',
  archived: false,
  ...extra,
});

const all = [
  c('1', 'Food', null, 2),
  c('2', 'Home', null, 1),
  c('3', 'Groceries', '1', 2),
  c('4', 'Restaurants', '1', 1),
  c('5', 'Old', null, 3, { archived: true }),
  c('6', 'Salary', null, 1, { type: 'earning' }),
];

describe('categoryTree', () => {
  it('nests children under parents, each level in order, one type only', () => {
    const tree = categoryTree(all, 'expense', false);
    expect(tree.map((n) => n.name)).toEqual(['Home', 'Food']);
    expect(tree[1]!.children.map((n) => n.name)).toEqual(['Restaurants', 'Groceries']);
  });
  it('hides archived categories unless asked', () => {
    expect(categoryTree(all, 'expense', true).map((n) => n.name)).toContain('Old');
  });
  it('offers options without the excluded branch', () => {
    expect(categoryOptions(all, 'expense', { exclude: '1' }).map((o) => o.value)).toEqual(['2']);
  });
});
