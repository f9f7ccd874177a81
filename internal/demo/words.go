package demo

import "cashcontrol/internal/finance"

// words translate the demo's account names and movement descriptions, so
// that a Spanish or French user's demo reads in their language. English is
// the key and the fallback.
var words = map[string]map[string]string{
	finance.LangSpanish: {
		"Checking": "Cuenta corriente", "Credit card": "Tarjeta de crédito", "Savings": "Ahorros",
		"Card bill": "Recibo de la tarjeta", "ATM": "Cajero", "ACME Payroll": "Nómina ACME", "Rent": "Alquiler",
		"Power & water": "Luz y agua", "Phone & fibre": "Teléfono y fibra", "Streaming": "Streaming",
		"Monthly saving": "Ahorro mensual", "Fuel": "Gasolina", "Pharmacy": "Farmacia", "Large purchase": "Compra grande",
		"Extra pay": "Paga extra", "Supermarket": "Supermercado", "Restaurant": "Restaurante", "Metro": "Metro",
		"Cinema": "Cine", "Online shop": "Tienda online", "Various": "Varios", "Freelance": "Trabajo freelance",
		"Transfer": "Transferencia", "Hypermarket": "Hipermercado",
	},
	finance.LangFrench: {
		"Checking": "Compte courant", "Credit card": "Carte de crédit", "Savings": "Épargne",
		"Card bill": "Relevé de carte", "ATM": "Retrait DAB", "ACME Payroll": "Salaire ACME", "Rent": "Loyer",
		"Power & water": "Électricité et eau", "Phone & fibre": "Téléphone et fibre", "Streaming": "Streaming",
		"Monthly saving": "Épargne mensuelle", "Fuel": "Carburant", "Pharmacy": "Pharmacie", "Large purchase": "Gros achat",
		"Extra pay": "Prime", "Supermarket": "Supermarché", "Restaurant": "Restaurant", "Metro": "Métro",
		"Cinema": "Cinéma", "Online shop": "Boutique en ligne", "Various": "Divers", "Freelance": "Mission freelance",
		"Transfer": "Virement", "Hypermarket": "Hypermarché",
	},
}

// say returns the English text s in language lang (a languagePreference).
func say(lang, s string) string {
	if w, ok := words[lang][s]; ok {
		return w
	}
	return s
}
