package finance

// StarterCategory is one category of the localized starter set offered to
// new users. Key makes creating the set idempotent.
type StarterCategory struct {
	Key      string
	Type     string
	Icon     string // a Tabler icon name, in kebab case
	Color    string
	Names    map[string]string // by language preference
	Children []StarterCategory
}

// Name returns the category's name in the given language, Spanish by default.
func (s StarterCategory) Name(language string) string {
	if n, ok := s.Names[language]; ok {
		return n
	}
	return s.Names[LangSpanish]
}

func names(es, en, fr string) map[string]string {
	return map[string]string{LangSpanish: es, LangEnglish: en, LangFrench: fr}
}

func sub(key, icon, es, en, fr string) StarterCategory {
	return StarterCategory{Key: key, Icon: icon, Names: names(es, en, fr)}
}

// StarterCategories returns the starter set (a fresh copy each call).
func StarterCategories() []StarterCategory {
	set := []StarterCategory{
		{Key: "food", Type: CategoryExpense, Icon: "shopping-cart", Color: "#e8590c", Names: names("Alimentación", "Food", "Alimentation"),
			Children: []StarterCategory{
				sub("food.groceries", "basket", "Supermercado", "Groceries", "Courses"),
				sub("food.restaurants", "tools-kitchen-2", "Restaurantes", "Restaurants", "Restaurants"),
			}},
		{Key: "housing", Type: CategoryExpense, Icon: "home", Color: "#1971c2", Names: names("Vivienda", "Housing", "Logement"),
			Children: []StarterCategory{
				sub("housing.rent", "key", "Alquiler o hipoteca", "Rent or mortgage", "Loyer ou crédit"),
				sub("housing.maintenance", "tool", "Mantenimiento", "Maintenance", "Entretien"),
			}},
		{Key: "transport", Type: CategoryExpense, Icon: "car", Color: "#0c8599", Names: names("Transporte", "Transport", "Transport"),
			Children: []StarterCategory{
				sub("transport.fuel", "gas-station", "Combustible", "Fuel", "Carburant"),
				sub("transport.public", "bus", "Transporte público", "Public transport", "Transports en commun"),
			}},
		{Key: "health", Type: CategoryExpense, Icon: "heart", Color: "#c2255c", Names: names("Salud", "Health", "Santé")},
		{Key: "leisure", Type: CategoryExpense, Icon: "device-gamepad-2", Color: "#9c36b5", Names: names("Ocio", "Leisure", "Loisirs"),
			Children: []StarterCategory{
				sub("leisure.travel", "plane", "Viajes", "Travel", "Voyages"),
				sub("leisure.subscriptions", "device-tv", "Suscripciones", "Subscriptions", "Abonnements"),
			}},
		{Key: "shopping", Type: CategoryExpense, Icon: "shopping-bag", Color: "#f08c00", Names: names("Compras", "Shopping", "Achats"),
			Children: []StarterCategory{
				sub("shopping.clothes", "shirt", "Ropa", "Clothes", "Vêtements"),
			}},
		{Key: "bills", Type: CategoryExpense, Icon: "receipt", Color: "#5f3dc4", Names: names("Facturas", "Bills", "Factures"),
			Children: []StarterCategory{
				sub("bills.utilities", "bulb", "Luz, agua y gas", "Utilities", "Énergie et eau"),
				sub("bills.phone", "wifi", "Teléfono e internet", "Phone and internet", "Téléphone et internet"),
			}},
		{Key: "education", Type: CategoryExpense, Icon: "school", Color: "#2f9e44", Names: names("Educación", "Education", "Éducation")},
		{Key: "other-expense", Type: CategoryExpense, Icon: "dots", Color: "#868e96", Names: names("Otros gastos", "Other expenses", "Autres dépenses")},
		{Key: "salary", Type: CategoryEarning, Icon: "briefcase", Color: "#2b8a3e", Names: names("Salario", "Salary", "Salaire"),
			Children: []StarterCategory{
				sub("salary.bonus", "gift", "Pagas extra y bonus", "Bonus", "Primes"),
			}},
		{Key: "other-income", Type: CategoryEarning, Icon: "cash", Color: "#37b24d", Names: names("Otros ingresos", "Other income", "Autres revenus"),
			Children: []StarterCategory{
				sub("other-income.interest", "building-bank", "Intereses", "Interest", "Intérêts"),
				sub("other-income.refunds", "receipt-refund", "Reembolsos", "Refunds", "Remboursements"),
			}},
	}
	for i := range set {
		for j := range set[i].Children {
			set[i].Children[j].Type = set[i].Type
			set[i].Children[j].Color = set[i].Color
		}
	}
	return set
}

// CashAccountName is the name of the cash account the welcome step creates.
func CashAccountName(language string) string {
	switch language {
	case LangEnglish:
		return "Cash"
	case LangFrench:
		return "Espèces"
	}
	return "Efectivo"
}
