// English: reading a receipt's photo into a new movement (its own chunk, loaded with the movement form's receipt button: movements/receipt/ReceiptButton.tsx).

const receipt = {
  receipt: {
    read: 'Read a receipt',
    readHint: 'Take a photo or choose one: the total, date, shop and currency are read on this device.',
    title: 'What the receipt says',
    photoAlt: 'The receipt’s photo',
    loading: 'Getting the reader ready…',
    reading: 'Reading the receipt… {{percent}} %',
    readIn: 'Read in {{seconds}} s, on this device: the photo has not left your server.',
    failed: 'The receipt could not be read. Type its details, or try another photo.',
    offline: 'The reader loads its files from your server the first time: connect and try again.',
    total: 'Total',
    date: 'Date',
    shop: 'Shop',
    currency: 'Currency',
    currencyNone: 'The account’s',
    check: 'Not read: check it on the photo and type it.',
    pick: 'Amounts on the receipt',
    pickOne: 'Use {{amount}} as the total',
    use: 'Use in the form',
    cancel: 'Cancel',
    photo: 'Photo to attach: {{name}}',
    removePhoto: 'Do not attach the photo',
    attached: 'The receipt’s photo is attached.',
    notAttached: 'The movement is waiting to be sent: attach the photo once it is.',
    noAccount: 'No account in {{currency}}: the amount goes to {{account}} in its currency.',
    otherAccount: 'Account in {{currency}}: {{account}}.',
  },
};

export default receipt;
