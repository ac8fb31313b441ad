// Placeholder until the signing tests land.
