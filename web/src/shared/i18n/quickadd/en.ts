// English: the quick-add box, a movement typed as a sentence (its own chunk, loaded with the box: QuickAddDialog.tsx).

const quickAdd = {
  quickAdd: {
    title: 'Quick add',
    label: 'Type a movement',
    placeholder: 'coffee 3.50 yesterday with visa',
    help: 'What, how much, when and with what, in any order: “salary 2500 on the 1st”, “transfer 200 to savings”. Enter saves, Esc closes.',
    preview: 'What will be saved',
    empty: 'Type what you spent or earned to see it here.',
    fullForm: 'Edit in full form',
    chooseFirst: 'Choose what is marked before saving.',
    suggested: 'suggested from your movements',
    byRule: 'set by the rule “{{name}}”',
    noDescription: 'No description',
    status: {
      default: 'usual',
      check: 'check',
      ask: 'choose',
      missing: 'missing',
    },
    notes: {
      noAmount: 'No amount yet: type how much.',
      zeroAmount: 'The amount is zero.',
      manyAmounts: 'Several numbers: which one is the amount?',
      thousandsOrDecimals: 'Read the English way (a comma groups thousands, a point starts decimals). The other reading is here:',
      tooManyDecimals: 'More decimals than the account’s currency has.',
      tooLarge: 'That amount is too large.',
      currencyMismatch: 'The currency you named is not the account’s: choose another account, or edit in the full form.',
      dayMonthOrder: 'Day and month could be the other way round:',
      sameWeekday: 'Today is that weekday too: a week ago, or today?',
      badDate: 'That date does not exist: choose one.',
      manyDates: 'Several dates: which one?',
      manyAccounts: 'Several accounts match: which one?',
      sameAccount: 'A transfer goes between two different accounts: to which one?',
      noDestination: 'To which account?',
      crossCurrency: 'Between two currencies: say what arrives in the full form.',
      manyCategories: 'Several categories match: which one?',
      typeConflict: 'Expense or earning?',
      noCategory: 'Which category?',
    },
  },
};

export default quickAdd;
