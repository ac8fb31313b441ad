/// The schemas of Nuxeo's vocabularies, as ``DirectoryDefinition``s use them.
extension Schema {
    /// Nuxeo's `vocabulary` schema: an id, a label (usually a message key), whether the entry
    /// is obsolete (`0` or `1`), and its position in pickers.
    static let vocabulary = Schema(name: "vocabulary", fields: ["id": .string, "label": .string, "obsolete": .integer, "ordering": .integer])

    /// Nuxeo's `l10nxvocabulary` schema: a hierarchical vocabulary with an English and a French
    /// label instead of a message key.
    static let l10nxvocabulary = Schema(
        name: "l10nxvocabulary",
        fields: ["id": .string, "label_en": .string, "label_fr": .string, "parent": .string, "obsolete": .integer, "ordering": .integer]
    )
}
