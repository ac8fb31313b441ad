// Placeholder until the PDF benchmark lands.
