import type { CSSProperties } from 'react';
import { Badge } from '@mantine/core';
import { IconArrowsExchange, IconArrowsSplit2, IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Account, Category, Movement } from '@/shared/api/types';
import { splitCategoryNames } from '@/shared/categories';
import { localeOf } from '@/shared/i18n';
import { formatMoney } from '@/shared/money';
import { CategoryIcon, RoundIcon } from '@/shared/ui/CategoryIcon';
import { ConvertedNote } from '@/shared/ui/Converted';
import { authorsNote } from './authors';
import css from './MovementList.module.css';

/** The movement's amount as it counts: an expense below zero. */
export function signed(m: Movement): number {
  return m.type === 'earning' ? m.amount : -m.amount;
}

/** Up to this many categories a split row names them all ("Groceries + Cleaning"); more, it counts them. */
const NAMED_SPLITS = 3;

/** One movement of the list: a button that opens it (named by what it shows), and its checkbox for an editor. */
export function MovementRow(props: {
  m: Movement;
  /** The virtualizer's measure and the row's place in it. */
  measure: (el: HTMLElement | null) => void;
  index: number;
  style: CSSProperties;
  byAccount: Map<string, Account>;
  byCategory: Map<string, Category>;
  selected: boolean;
  onToggle?: (id: string) => void;
  /** An editor's toggle of the movement's state (uncleared ⇄ cleared). */
  onState?: (m: Movement) => void;
  onOpen: (m: Movement) => void;
  people?: Map<string, string> | null;
  narrow: boolean;
  base: string | undefined;
}) {
  const { m, measure, index, style, byAccount, byCategory, selected, onToggle, onState, onOpen, people, narrow, base } = props;
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const cat = m.categoryId ? byCategory.get(m.categoryId) : undefined;
  const parent = cat?.parentId ? byCategory.get(cat.parentId) : undefined;
  const acc = byAccount.get(m.accountId);
  const to = m.toAccountId ? byAccount.get(m.toAccountId) : undefined;
  // A split row names its lines' categories, not a category of its own.
  const splitNames = m.splits?.length ? splitCategoryNames(m.splits, byCategory) : null;
  const splitLabel = splitNames && (splitNames.length <= NAMED_SPLITS ? splitNames.join(' + ') : t('movements.split.categories', { count: splitNames.length }));
  const authors = people ? authorsNote(t, people, m) : null;
  const title = m.description || (splitNames ? splitNames.join(' + ') : cat ? cat.name : t('movements.types.transfer'));
  return (
    <div ref={measure} data-index={index} style={style} className={css.row} role="listitem">
      {/* Plain elements drawn as Mantine's Checkbox and UnstyledButton (MovementList.module.css): those were eleven components a row. */}
      {onToggle && (
        <input type="checkbox" className={css.check} checked={selected} onChange={() => onToggle(m.id)} aria-label={`${t('movements.selectRow')}: ${title}`} />
      )}
      <button type="button" onClick={() => onOpen(m)} className={css.open}>
        {/* Named by what it shows, after what it does: "Edit: Groceries, Food › Groceries · Bank, -€12.50". */}
        <span className={css.sr}>{`${onToggle ? t('common.edit') : t('common.view')}: `}</span>
        <div className={css.inner}>
          {m.type === 'transfer' ? (
            <CategoryIcon icon="" color="gray" size={34} />
          ) : splitNames ? (
            <RoundIcon color="gray" size={34}>
              <IconArrowsSplit2 size={20} />
            </RoundIcon>
          ) : (
            <CategoryIcon icon={cat?.icon ?? ''} color={cat?.color ?? ''} size={34} />
          )}
          <div className={css.texts}>
            <div className={css.line}>
              <div className={css.title}>{title}</div>
              {(m.attachments ?? 0) > 0 && (
                <>
                  <IconPaperclip size={14} aria-hidden className={css.paperclip} />
                  <span className={css.sr}>{`, ${t('attachments.count', { count: m.attachments ?? 0 })}`}</span>
                </>
              )}
            </div>
            <div className={css.line}>
              <div className={css.note}>
                {m.type === 'transfer'
                  ? `${acc?.name ?? ''} → ${to?.name ?? ''}`
                  : splitLabel !== null
                    ? `${splitLabel} · ${acc?.name ?? ''}`
                    : `${parent ? `${parent.name} › ` : ''}${cat?.name ?? ''} · ${acc?.name ?? ''}`}
                {authors && !narrow && ` · ${authors}`}
              </div>
              {splitNames && splitNames.length > NAMED_SPLITS && <span className={css.sr}>{`(${splitNames.join(', ')})`}</span>}
              {m.tags.slice(0, 3).map((tag) => (
                <Badge key={tag} size="xs" variant="light">
                  {tag}
                </Badge>
              ))}
            </div>
            {/* A phone has no room beside the category and account: who recorded it gets its own line. */}
            {authors && narrow && <div className={css.note}>{authors}</div>}
          </div>
          <div>
            {m.type === 'transfer' ? (
              <div className={css.transfer}>
                <IconArrowsExchange size={16} aria-hidden />
                <span className={`${css.amount} cc-amount`}>{formatMoney(m.amount, m.currency, locale)}</span>
              </div>
            ) : (
              <div className={`${css.amount} cc-amount ${m.type === 'expense' ? 'cc-expense' : 'cc-earning'}`}>
                {formatMoney(signed(m), m.currency, locale, { signed: true })}
              </div>
            )}
            <ConvertedNote m={m} base={base} />
          </div>
        </div>
      </button>
      <StateMark m={m} title={title} onState={onState} />
    </div>
  );
}

/** The movement's state against the bank: a small mark (empty circle, filled circle, lock), a button that toggles uncleared ⇄ cleared for an editor. */
function StateMark({ m, title, onState }: { m: Movement; title: string; onState?: (m: Movement) => void }) {
  const { t } = useTranslation();
  const label = `${t('movements.state')}: ${t(`movements.states.${m.state}`)}, ${title}`;
  const glyph = m.state === 'reconciled' ? '🔒' : m.state === 'cleared' ? '●' : '○';
  if (!onState || m.state === 'reconciled') {
    return (
      <span className={css.state} data-state={m.state} role="img" aria-label={label} title={t(`movements.states.${m.state}`)}>
        {glyph}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={css.state}
      data-state={m.state}
      aria-pressed={m.state === 'cleared'}
      aria-label={label}
      title={t(`movements.states.${m.state}`)}
      onClick={() => onState(m)}
    >
      {glyph}
    </button>
  );
}
