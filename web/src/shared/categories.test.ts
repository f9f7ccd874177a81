import { describe, expect, it } from 'vitest';
import type { Category } from '@/shared/api/types';
import { categoryChoices, categoryGroups, categoryOptions, categoryTree } from './categories';

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
    const tree = categoryTree(all, 'expense');
    expect(tree.map((n) => n.name)).toEqual(['Home', 'Food']);
    expect(tree[1]!.children.map((n) => n.name)).toEqual(['Restaurants', 'Groceries']);
  });
  it('hides archived categories unless asked', () => {
    expect(categoryTree(all, 'expense', { archived: true }).map((n) => n.name)).toContain('Old');
  });
  it('offers options without the excluded branch', () => {
    expect(categoryOptions(all, 'expense', { exclude: '1' }).map((o) => o.value)).toEqual(['2']);
  });
});

describe('the three screens read the same tree', () => {
  // Children given out of order, a tie on position (the id decides), an
  // archived child and the child of an archived parent.
  const cats = [
    c('10', 'Transport', null, 1),
    c('11', 'Taxi', '10', 2),
    c('13', 'Train', '10', 1),
    c('12', 'Bus', '10', 1),
    c('14', 'Ferry', '10', 3, { archived: true }),
    c('20', 'Old', null, 0, { archived: true }),
    c('21', 'Under old', '20', 1),
  ];
  it('the categories screen offers the others, children indented, for moving movements', () => {
    expect(categoryOptions(cats, 'expense', { exclude: '11' })).toEqual([
      { value: '10', label: 'Transport' },
      { value: '12', label: '   Transport › Bus' },
      { value: '13', label: '   Transport › Train' },
    ]);
  });
  it('the movements screen lists the usable categories in the tree’s order', () => {
    expect(categoryChoices(cats, 'expense')).toEqual([
      { value: '10', label: 'Transport' },
      { value: '12', label: 'Transport › Bus' },
      { value: '13', label: 'Transport › Train' },
      { value: '11', label: 'Transport › Taxi' },
    ]);
    expect(categoryChoices(cats, 'earning')).toEqual([]);
  });
  it('the movement form groups them under the parent and keeps the movement’s archived category', () => {
    expect(categoryGroups(cats, 'expense', '14')).toEqual([
      {
        group: 'Transport',
        items: [
          { value: '10', label: 'Transport' },
          { value: '12', label: 'Transport › Bus' },
          { value: '13', label: 'Transport › Train' },
          { value: '11', label: 'Transport › Taxi' },
          { value: '14', label: 'Transport › Ferry' },
        ],
      },
    ]);
    expect(categoryGroups(cats, 'expense', null)[0]!.items.map((o) => o.value)).toEqual(['10', '12', '13', '11']);
  });
});
