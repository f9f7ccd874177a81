package instance

// PortableTablesForTest are the tables the portable format carries, and
// those it leaves out with the reason.
func PortableTablesForTest() ([]string, map[string]string) {
	var names []string
	for _, t := range portableTables {
		names = append(names, t.name)
	}
	return names, notPortable
}
