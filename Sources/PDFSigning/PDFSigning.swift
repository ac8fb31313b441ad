// Placeholder until the CMS signer lands.
