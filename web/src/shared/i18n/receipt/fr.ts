// Français : lire la photo d’un ticket dans un nouveau mouvement (son propre fragment, chargé avec le bouton de tickets du formulaire : movements/receipt/ReceiptButton.tsx).
import type { ReceiptDictionary } from '../types';

const receipt: ReceiptDictionary = {
  receipt: {
    read: 'Lire un ticket',
    readHint: 'Prenez une photo ou choisissez-en une : le total, la date, le magasin et la devise sont lus sur cet appareil.',
    title: 'Ce que dit le ticket',
    photoAlt: 'La photo du ticket',
    loading: 'Préparation du lecteur…',
    reading: 'Lecture du ticket… {{percent}} %',
    readIn: 'Lu en {{seconds}} s, sur cet appareil : la photo n’a pas quitté votre serveur.',
    failed: 'Le ticket n’a pas pu être lu. Saisissez ses informations ou essayez une autre photo.',
    offline: 'Le lecteur charge ses fichiers depuis votre serveur la première fois : connectez-vous et réessayez.',
    total: 'Total',
    date: 'Date',
    shop: 'Magasin',
    currency: 'Devise',
    currencyNone: 'Celle du compte',
    check: 'Non lu : vérifiez-le sur la photo et saisissez-le.',
    pick: 'Montants du ticket',
    pickOne: 'Utiliser {{amount}} comme total',
    use: 'Utiliser dans le formulaire',
    cancel: 'Annuler',
    photo: 'Photo à joindre : {{name}}',
    removePhoto: 'Ne pas joindre la photo',
    attached: 'La photo du ticket est jointe.',
    notAttached: 'Le mouvement attend d’être envoyé : joignez la photo une fois envoyé.',
    noAccount: 'Aucun compte en {{currency}} : le montant va sur {{account}} dans sa devise.',
    otherAccount: 'Compte en {{currency}} : {{account}}.',
  },
};

export default receipt;
