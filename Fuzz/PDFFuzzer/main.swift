// Placeholder until the PDF fuzz target lands.
