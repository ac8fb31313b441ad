/// A column of `repo_documents d` that a pseudo-property maps to.
struct DocumentColumn: Sendable, Hashable {
    /// How the column's values compare with literals.
    enum Kind: Sendable, Hashable {
        /// Text; numbers are compared as their decimal text.
        case text
        /// An integer; strings are compared with its decimal text.
        case integer
        /// 0 or 1; compared with 0/1 or the strings 'true'/'false'/'1'/'0'.
        case boolean
    }

    /// The SQL expression: a qualified column, or a constant.
    let sql: SQLFragment

    /// How it compares.
    let kind: Kind

    /// Whether it can be NULL.
    let isNullable: Bool

    /// Whether it is a constant rather than a column (meaningless to sort by).
    let isConstant: Bool

    /// A column of `d`.
    private init(_ sql: SQLFragment, _ kind: Kind, nullable isNullable: Bool = false, constant isConstant: Bool = false) {
        self.sql = sql
        self.kind = kind
        self.isNullable = isNullable
        self.isConstant = isConstant
    }

    /// `d.path`, which `ecm:path` compares with (plus its own rules for STARTSWITH).
    static let path = DocumentColumn("d.path", .text)

    /// The column of a pseudo-property that maps directly to one; nil for the others.
    static func forPseudoProperty(_ name: String) -> DocumentColumn? {
        switch name {
        case "ecm:uuid", "ecm:id": return DocumentColumn("d.id", .text)
        case "ecm:parentId": return DocumentColumn("d.parent_id", .text, nullable: true)
        case "ecm:name": return DocumentColumn("d.name", .text)
        case "ecm:pos": return DocumentColumn("d.pos", .integer)
        case "ecm:primaryType": return DocumentColumn("d.primary_type", .text)
        case "ecm:currentLifeCycleState": return DocumentColumn("d.lifecycle_state", .text, nullable: true)
        case "ecm:isTrashed": return DocumentColumn("d.is_trashed", .boolean)
        case "ecm:isCheckedIn": return DocumentColumn("d.is_checked_in", .boolean)
        case "ecm:isVersion": return DocumentColumn("d.is_version", .boolean)
        case "ecm:isLatestVersion": return DocumentColumn("d.is_latest_version", .boolean)
        // The repository has no proxies: every document is not one.
        case "ecm:isProxy": return DocumentColumn("0", .boolean, constant: true)
        case "ecm:versionLabel": return DocumentColumn("d.version_label", .text, nullable: true)
        case "ecm:versionVersionableId": return DocumentColumn("d.version_series_id", .text, nullable: true)
        case "ecm:lockOwner": return DocumentColumn("d.lock_owner", .text, nullable: true)
        default: return nil
        }
    }
}
