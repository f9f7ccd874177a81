import { describe, expect, it } from 'vitest';
import { amountsIn, readReceipt, toMinor, type ReceiptField } from './parse';

interface Case {
  name: string;
  text: string;
  total: string | null;
  date: string | null;
  shop: string | null;
  currency: string | null;
  language?: string | null;
  unclear?: ReceiptField[];
  known?: string[];
}

const today = '2026-11-29';

/** Receipts' texts as OCR gives them (stray characters, spaces around marks), in Spanish, English and French. */
const cases: Case[] = [
  // ---- Spanish ----
  {
    name: 'es: supermarket, TOTAL with €, dd/mm/yyyy',
    text: `MERCADONA S.A.
C/ Mayor, 12 - 28013 Madrid
CIF A46103834
FACTURA SIMPLIFICADA 2345-012-456789
Fecha: 03/11/2026 18:42
1 LECHE ENTERA 0,95
2 PAN INTEGRAL 2,40
1 ACEITE OLIVA 1L 8,99
TOTAL 12,34 €
IVA 10% BASE 11,22 CUOTA 1,12
EFECTIVO 20,00
CAMBIO 7,66`,
    total: '12.34',
    date: '2026-11-03',
    shop: 'MERCADONA S.A.',
    currency: 'EUR',
    language: 'es',
  },
  {
    name: 'es: TOTAL A PAGAR beats SUBTOTAL and IVA, dd-mm-yy',
    text: `Panadería La Espiga
Avda. de la Paz, 45
Tel 91 555 12 34
Ticket 10234
07-02-26 09:15
Pan 1,20
Croissant x2 3,00
SUBTOTAL 3,80
IVA 10% 0,38
TOTAL A PAGAR 4,20 EUR
Gracias por su visita`,
    total: '4.20',
    date: '2026-02-07',
    shop: 'Panadería La Espiga',
    currency: 'EUR',
  },
  {
    name: 'es: thousands with a point, month name',
    text: `ELECTRODOMÉSTICOS GARCÍA
Plaza España, 3
3 de noviembre de 2026
LAVADORA 1.099,00
TRANSPORTE 25,00
IMPORTE TOTAL 1.124,00 €
BASE IMPONIBLE 928,93
IVA 21% 195,07`,
    total: '1124.00',
    date: '2026-11-03',
    shop: 'ELECTRODOMÉSTICOS GARCÍA',
    currency: 'EUR',
  },
  {
    name: 'es: the total under its word, yyyy-mm-dd',
    text: `Bar El Rincón
2026-05-17 22:10
2 Cañas 5,00
1 Tapa 3,50
TOTAL
8,50 €
Gracias`,
    total: '8.50',
    date: '2026-05-17',
    shop: 'Bar El Rincón',
    currency: 'EUR',
  },
  {
    name: 'es: Mexican pesos named, bare $',
    text: `FARMACIA SAN PABLO
RFC FSP850101AB1
Fecha 15/08/2026
PARACETAMOL $45.00
VITAMINA C $120.50
TOTAL $165.50
EFECTIVO $200.00
CAMBIO $34.50
PRECIOS EN MXN`,
    total: '165.50',
    date: '2026-08-15',
    shop: 'FARMACIA SAN PABLO',
    currency: 'MXN',
  },
  {
    name: 'es: a bare $ in Spanish without the user having a dollar account is asked',
    text: `TAQUERÍA EL GÜERO
12/09/2026
TACOS 3 $90.00
TOTAL $90.00
GRACIAS`,
    total: '90.00',
    date: '2026-09-12',
    shop: 'TAQUERÍA EL GÜERO',
    currency: null,
    unclear: ['currency'],
  },
  {
    name: 'es: a bare $ is the one dollar currency the user has',
    known: ['EUR', 'MXN'],
    text: `TAQUERÍA EL GÜERO
12/09/2026
TACOS 3 $90.00
TOTAL $90.00
GRACIAS`,
    total: '90.00',
    date: '2026-09-12',
    shop: 'TAQUERÍA EL GÜERO',
    currency: 'MXN',
  },
  {
    name: 'es: OCR spaces around the comma, TOTAL (IVA INCL.)',
    text: `FERRETERÍA LÓPEZ
C/ Real 8
FECHA: 21.10.2026
TORNILLOS 4, 50
MARTILLO 12, 95
TOTAL (IVA INCL.) 17, 45 €`,
    total: '17.45',
    date: '2026-10-21',
    shop: 'FERRETERÍA LÓPEZ',
    currency: 'EUR',
  },
  {
    name: 'es: tarjeta line repeats the total',
    text: `CAFETERÍA SOL
1 nov 2026
CAFÉ 1,50
TOSTADA 2,20
TOTAL 3,70
TARJETA 3,70
IVA INCLUIDO`,
    total: '3.70',
    date: '2026-11-01',
    shop: 'CAFETERÍA SOL',
    currency: null,
    unclear: ['currency'],
  },
  {
    name: 'es: no total word: empty and flagged, with the amounts to pick from',
    text: `LIBRERÍA CERVANTES
05/06/2026
NOVELA 18,90
CUADERNO 3,50`,
    total: null,
    date: '2026-06-05',
    shop: 'LIBRERÍA CERVANTES',
    currency: null,
    unclear: ['total', 'currency'],
  },
  // ---- English ----
  {
    name: 'en: US receipt, mm/dd/yyyy in dollars',
    text: `CORNER GROCERY
120 Main Street
Springfield, IL 62701
Tel (555) 123-4567
11/03/2026 6:42 PM
MILK 1 GAL 3.49
BREAD 2.99
EGGS DOZEN 4.29
SUBTOTAL 10.77
TAX 8% 0.86
TOTAL $11.63
CASH $20.00
CHANGE $8.37
THANK YOU`,
    total: '11.63',
    date: '2026-11-03',
    shop: 'CORNER GROCERY',
    currency: 'USD',
    language: 'en',
  },
  {
    name: 'en: AMOUNT DUE with thousands comma',
    text: `HARDWARE HOUSE
45 Oak Road
Receipt #88231
Date: 04/25/2026
LAWN MOWER 1,249.00
GAS CAN 19.99
SUBTOTAL 1,268.99
SALES TAX 101.52
AMOUNT DUE 1,370.51 USD`,
    total: '1370.51',
    date: '2026-04-25',
    shop: 'HARDWARE HOUSE',
    currency: 'USD',
  },
  {
    name: 'en: UK receipt in pounds, day first',
    text: `Green Leaf Market
9 Market St.
03/04/2026 10:02
APPLES 1.20
TEA 2.50
TOTAL £3.70
CARD £3.70
Thank you for shopping!`,
    total: '3.70',
    date: '2026-04-03',
    shop: 'Green Leaf Market',
    currency: 'GBP',
  },
  {
    name: 'en: day and month could swap, no currency said: the date is asked',
    text: `SUNRISE DINER
03/04/2026
PANCAKES 7.50
COFFEE 2.00
TOTAL 9.50
THANK YOU`,
    total: '9.50',
    date: null,
    shop: 'SUNRISE DINER',
    currency: null,
    unclear: ['date', 'currency'],
  },
  {
    name: 'en: month first is the only reading (25 cannot be a month)',
    text: `SUNRISE DINER
12/25/2026
PANCAKES 7.50
TOTAL 9.50`,
    total: '9.50',
    date: '2026-12-25',
    shop: 'SUNRISE DINER',
    currency: null,
    unclear: ['currency'],
  },
  {
    name: 'en: month name first, GRAND TOTAL after TOTAL of items',
    text: `City Books
Nov 3, 2026
BOOK 12.99
BOOK 8.50
TOTAL ITEMS 2
GRAND TOTAL $21.49
VISA **** 1234 $21.49`,
    total: '21.49',
    date: '2026-11-03',
    shop: 'City Books',
    currency: 'USD',
  },
  {
    name: 'en: BALANCE DUE after a tip line',
    text: `Blue Bottle Cafe
Date 2026-03-14
LATTE 4.75
MUFFIN 3.25
SUBTOTAL 8.00
TAX 0.64
TIP 1.50
BALANCE DUE 10.14
USD`,
    total: '10.14',
    date: '2026-03-14',
    shop: 'Blue Bottle Cafe',
    currency: 'USD',
  },
  {
    name: 'en: a noisy top line is skipped for the shop',
    text: `~~ ** ~~
PET SUPPLY CO
Store #42
14 February 2026
DOG FOOD 24.99
TOTAL 24.99 USD`,
    total: '24.99',
    date: '2026-02-14',
    shop: 'PET SUPPLY CO',
    currency: 'USD',
  },
  {
    name: 'O read for 0 inside the total; a bare $ without telling words is asked',
    text: `FRESH MART
06/30/2026
ITEM 10.O0
TOTAL $1O.00`,
    total: '10.00',
    date: '2026-06-30',
    shop: 'FRESH MART',
    currency: null,
    unclear: ['currency'],
  },
  // ---- French ----
  {
    name: 'fr: TOTAL TTC beats TOTAL HT and TVA',
    text: `BOULANGERIE DUPONT
12 rue de la Paix
75002 Paris
SIRET 123 456 789 00012
Le 03/11/2026 à 08:15
BAGUETTE 1,10
CROISSANT X3 3,60
TOTAL HT 4,27
TVA 10% 0,43
TOTAL TTC 4,70 €
CB 4,70
Merci de votre visite`,
    total: '4.70',
    date: '2026-11-03',
    shop: 'BOULANGERIE DUPONT',
    currency: 'EUR',
    language: 'fr',
  },
  {
    name: 'fr: NET A PAYER, month name with 1er',
    text: `Café de la Gare
TICKET DE CAISSE 4521
1er novembre 2026
CAFÉ 2,00
CROQUE MONSIEUR 7,50
SOUS-TOTAL 9,50
NET A PAYER 9,50 EUR
ESPECES 10,00
RENDU 0,50`,
    total: '9.50',
    date: '2026-11-01',
    shop: 'Café de la Gare',
    currency: 'EUR',
  },
  {
    name: 'fr: thousands with a space, short month with a point',
    text: `QUINCAILLERIE ROUX
3 place du Marché
12 déc. 2026
PERCEUSE 1 249,00
FORETS 35,90
MONTANT TTC 1 284,90 €
dont TVA 20% 214,15`,
    total: '1284.90',
    date: '2026-12-12',
    shop: 'QUINCAILLERIE ROUX',
    currency: 'EUR',
  },
  {
    name: 'fr: MONTANT A PAYER and dd.mm.yy',
    text: `PHARMACIE DU CENTRE
Tél 01 23 45 67 89
18.09.26 16:20
DOLIPRANE 2,18
SIROP 6,90
MONTANT A PAYER 9,08
CARTE BANCAIRE 9,08`,
    total: '9.08',
    date: '2026-09-18',
    shop: 'PHARMACIE DU CENTRE',
    currency: null,
    unclear: ['currency'],
  },
  {
    name: 'fr: two different totals of equal strength: asked',
    text: `Le Petit Bistrot
05/05/2026
TOTAL 23,00 €
TOTAL 32,00 €`,
    total: null,
    date: '2026-05-05',
    shop: 'Le Petit Bistrot',
    currency: 'EUR',
    unclear: ['total'],
  },
  {
    name: 'fr: a date in the future by more than a year is not the receipt’s',
    text: `PRIMEUR MARTIN
Valable jusqu'au 01/01/2029
Le 02/03/2026
POMMES 3,20
TOTAL 3,20 €`,
    total: '3.20',
    date: '2026-03-02',
    shop: 'PRIMEUR MARTIN',
    currency: 'EUR',
  },
  {
    name: 'specks at the ends of the shop’s line are not its name; a bare NET is not the total',
    text: `Ko FRESH MART i
120 Main Street
2026-06-30
NET 9.26
AMOUNT DUE $10.00
THANK YOU`,
    total: '10.00',
    date: '2026-06-30',
    shop: 'FRESH MART',
    currency: 'USD',
  },
  {
    name: 'es: a lower-case speck before a capitalised name, El kept',
    text: `a El Corte Inglés
01/02/2026
TOTAL 5,00 €`,
    total: '5.00',
    date: '2026-02-01',
    shop: 'El Corte Inglés',
    currency: 'EUR',
  },
  {
    name: 'fr: nothing readable',
    text: `~~~ ###
.. ,,`,
    total: null,
    date: null,
    shop: null,
    currency: null,
    unclear: ['total', 'date', 'shop', 'currency'],
  },
];

describe('readReceipt', () => {
  it.each(cases)('$name', (c) => {
    const r = readReceipt(c.text, { today, known: c.known ?? ['EUR'] });
    expect({ total: r.total, date: r.date, shop: r.shop, currency: r.currency }).toEqual({ total: c.total, date: c.date, shop: c.shop, currency: c.currency });
    expect(r.unclear).toEqual(c.unclear ?? []);
    if (c.language !== undefined) expect(r.language).toBe(c.language);
  });

  it('offers the amounts when no total word was read', () => {
    const r = readReceipt('LIBRERÍA\nNOVELA 18,90\nCUADERNO 3,50', { today });
    expect(r.totalCandidates).toEqual(['18.90', '3.50']);
  });
});

describe('amountsIn', () => {
  it.each([
    ['TOTAL 12,34 €', ['12.34']],
    ['1.234,56', ['1234.56']],
    ['1,234.56', ['1234.56']],
    ['$2, 703.33', ['2703.33']],
    ['1 234,56', ['1234.56']],
    ["1'234.56", ['1234.56']],
    ['-3,00', ['-3.00']],
    ['12/11/2026', []],
    ['03.11.26', []],
    ['18:42', []],
    ['2 x 1,50 3,00', ['1.50', '3.00']],
  ])('%s', (line, want) => {
    expect(amountsIn(line)).toEqual(want);
  });
});

describe('toMinor', () => {
  it.each([
    ['12.34', 2, 1234],
    ['1124.00', 2, 112400],
    ['0.05', 2, 5],
    ['1500.00', 0, 1500],
    ['12.34', 0, null],
    ['12.345', 3, 12345],
    ['-3.00', 2, -300],
    ['abc', 2, null],
  ] as const)('%s with %i decimals', (s, exp, want) => {
    expect(toMinor(s, exp)).toBe(want);
  });
});
