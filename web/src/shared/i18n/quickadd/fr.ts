// Français : la saisie rapide, un mouvement tapé comme une phrase (son propre chunk, chargé avec la boîte : QuickAddDialog.tsx).
// French spacing: a no-break space before ? and : and inside « », so that no line starts with them.

import type { QuickAddDictionary } from '../types';

const quickAdd: QuickAddDictionary = {
  quickAdd: {
    title: 'Saisie rapide',
    label: 'Tapez un mouvement',
    placeholder: 'courses 23,40 hier carte',
    help: 'Quoi, combien, quand et avec quoi, dans n’importe quel ordre : « loyer 750 le 5 compte courant », « virement 200 vers le livret ». Entrée enregistre, Échap ferme.',
    preview: 'Ce qui sera enregistré',
    empty: 'Tapez ce que vous avez dépensé ou reçu pour le voir ici.',
    fullForm: 'Modifier dans le formulaire complet',
    chooseFirst: 'Choisissez ce qui est signalé avant d’enregistrer.',
    suggested: 'suggérée d’après vos mouvements',
    byRule: 'mise par la règle « {{name}} »',
    noDescription: 'Sans description',
    status: {
      default: 'habituel',
      check: 'à vérifier',
      ask: 'à choisir',
      missing: 'manquant',
    },
    notes: {
      noAmount: 'Pas encore de montant : tapez combien.',
      zeroAmount: 'Le montant est nul.',
      manyAmounts: 'Plusieurs nombres : lequel est le montant ?',
      thousandsOrDecimals: 'Lu à la française (la virgule pour les décimales, le point ou l’espace pour les milliers). L’autre lecture est ici :',
      tooManyDecimals: 'Plus de décimales que la devise du compte n’en a.',
      tooLarge: 'Ce montant est trop grand.',
      currencyMismatch: 'La devise indiquée n’est pas celle du compte : choisissez un autre compte ou passez au formulaire complet.',
      dayMonthOrder: 'Le jour et le mois pourraient être inversés :',
      sameWeekday: 'Nous sommes aussi ce jour de la semaine : il y a une semaine, ou aujourd’hui ?',
      badDate: 'Cette date n’existe pas : choisissez-en une.',
      manyDates: 'Plusieurs dates : laquelle ?',
      manyAccounts: 'Plusieurs comptes correspondent : lequel ?',
      sameAccount: 'Un virement va d’un compte à un autre : vers lequel ?',
      noDestination: 'Vers quel compte ?',
      crossCurrency: 'Entre deux devises : indiquez ce qui arrive dans le formulaire complet.',
      manyCategories: 'Plusieurs catégories correspondent : laquelle ?',
      typeConflict: 'Dépense ou revenu ?',
      noCategory: 'Quelle catégorie ?',
    },
  },
};

export default quickAdd;
