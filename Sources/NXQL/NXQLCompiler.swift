import Foundation

/// Compiles NXQL queries into SQL pieces for `SELECT … FROM repo_documents d WHERE … ORDER BY …`
/// on SQLite or PostgreSQL.
///
/// Every value of the query becomes a bind; the only query text that reaches the SQL is
/// property names, which parsing restricts to `[A-Za-z0-9_:.-]` and which are written as
/// quoted literals. Pseudo-properties map to the columns of `repo_documents` (`ecm:uuid` →
/// `d.id`, `ecm:isTrashed` → `d.is_trashed`, `ecm:isProxy` → always 0, …); schema
/// properties are read from the JSON in `d.properties`. The semantics:
///
/// - Unknown properties and unknown `ecm:` pseudo-properties match nothing, whatever the
///   operator; they are not errors.
/// - `NOT p` is the exact complement of `p`, and a missing value equals nothing: `<>`,
///   `NOT IN`, `NOT LIKE`, `NOT BETWEEN` and `IS NOT NULL` are the negations of their
///   positive forms, so they hold for documents that lack the property (as in Nuxeo's
///   document stores; SQL's NULL logic is neutralized with `COALESCE(…, FALSE)`).
/// - List properties and `/*` paths match when any element matches, their negations when
///   none does; `list IS NULL` means the list is missing or empty.
/// - The literal chooses how a JSON value compares. A string compares with the value's text
///   form (strings as they are, numbers in decimal, booleans as 'true'/'false'); a number
///   compares numerically with JSON numbers, and with booleans as 1/0. Each form is a `CASE`
///   on the value's JSON type (`json_type` on SQLite, `jsonb_typeof` on PostgreSQL) that is
///   NULL for other types, so mismatched data never raises a cast error on PostgreSQL — it
///   simply does not match — and both engines give the same answers.
/// - Boolean pseudo-properties accept 0/1 and the strings 'true'/'false'/'1'/'0'.
/// - `DATE`, `TIMESTAMP` and `NOW()` become ISO-8601 UTC strings with milliseconds, compared
///   as text, like the dates stored in properties.
/// - `LIKE` is case-sensitive on both engines (SQLite's `LIKE` is not, so SQLite uses `GLOB`
///   with a translated pattern); `ILIKE` ignores case (on SQLite, ASCII case only).
/// - `ecm:path STARTSWITH '/a'` and `ecm:ancestorId = id` select live documents strictly
///   below; versions, which keep their live document's path, are never in the tree, and
///   `ecm:path = '/a'` is the live document only.
/// - `ecm:fulltext = '…'` uses Nuxeo's full-text syntax (see ``NXQLFullTextQuery``);
///   `ecm:fulltext.dc:title = 'x'` is a case-insensitive "contains" on one property.
/// - Text comparisons and ordering use the database's collation: BINARY on SQLite, the
///   database default on PostgreSQL (identical under the C collation).
public struct NXQLCompiler: Sendable {
    /// The repository's schemas and types.
    public let schema: any NXQLSchema

    /// The SQL dialect written.
    public let dialect: SQLDialect

    /// The clock `NOW()` reads, once per compiled query.
    private let clock: @Sendable () -> Date

    /// A compiler for `schema` writing `dialect`; `clock` gives the instant of `NOW()`.
    public init(schema: any NXQLSchema, dialect: SQLDialect, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.schema = schema
        self.dialect = dialect
        self.clock = clock
    }

    /// WHERE condition (never empty; "1=1" if none) for `SELECT … FROM repo_documents d WHERE …`,
    /// including the type filter and, when `principals` is non-nil, the ACL filter.
    /// ORDER BY items ([] when none). Throws NXQLError for semantic errors: an unknown
    /// document type, an unbound parameter, an operator a pseudo-property does not support.
    ///
    /// `principals` are the user's name, groups and "Everyone"; pass nil for administrators,
    /// who are not filtered. A user may read a document when, among the rows of its read ACL
    /// whose principal is one of theirs, the first (by position) grants.
    public func compile(_ query: NXQLQuery, principals: [String]?) throws(NXQLError) -> CompiledQuery {
        let compilation = QueryCompilation(schema: schema, dialect: dialect, now: clock())
        var conditions = [try typeFilter(query.documentTypes)]
        if let predicate = query.predicate {
            conditions.append(try compilation.condition(for: predicate))
        }
        if let principals {
            conditions.append(readFilter(principals))
        }
        var orderBy: [SQLFragment] = []
        for ordering in query.ordering {
            if let item = try orderItem(ordering.property, descending: ordering.isDescending) {
                orderBy.append(item)
            }
        }
        return CompiledQuery(
            condition: SQLCondition.all(conditions).sql.pieces,
            orderBy: SQLFragment(joining: orderBy, separator: ", ").pieces)
    }

    /// The SQL expression an index on the property `name` (`dc:title`, `file:content/name`) is
    /// built on so that the comparisons this compiler writes for it (`=`, `IN`, `<`, `BETWEEN`,
    /// `STARTSWITH`, …) can use it: the value's text view, exactly as conditions write it, on
    /// the `properties` column of `repo_documents` without the query's alias. It holds no binds,
    /// only quoted literals.
    ///
    /// - Throws: ``NXQLError`` when `name` is not a property of the schema, or reaches into a
    ///   list: an index holds one value per document.
    public func indexExpression(ofProperty name: String) throws(NXQLError) -> String {
        let property = try NXQLProperty(parsing: name)
        guard case .json(let path) = PropertyTarget(property, schema: schema) else {
            throw NXQLError("\(NXQLError.quote(name)) is not a document property of the schema", at: nil)
        }
        guard path.segments.count == 1, let text = JSONLocation(base: .propertiesColumn, steps: path.segments[0], dialect: dialect).operand.textView
        else { throw NXQLError("\(NXQLError.quote(name)) holds a list: only single values can be indexed", at: nil) }
        return text.pieces.map { piece in
            switch piece {
            case .sql(let sql): sql
            case .bind: preconditionFailure("a JSON location's text view has no binds")
            }
        }.joined()
    }

    /// One ORDER BY item for `property` (an NXQL property such as `dc:title` or `ecm:path`),
    /// for the REST layer's `sortBy`/`sortOrder`. Empty for properties that do not sort:
    /// unknown ones, `ecm:isProxy`, `ecm:mixinType`, `ecm:ancestorId`, `ecm:fulltext`.
    /// Throws for a property that is not valid NXQL or has a wildcard.
    ///
    /// SQLite sorts NULLs first; on PostgreSQL the item says `NULLS FIRST` (ascending) or
    /// `NULLS LAST` (descending) to match. Document properties sort the same way on both
    /// engines — missing values, then numbers and booleans (numerically), then strings — so
    /// on PostgreSQL an item holds several comma-separated keys.
    public func orderBy(property: String, descending: Bool) throws(NXQLError) -> [SQLPiece] {
        try orderItem(NXQLProperty(parsing: property), descending: descending)?.pieces ?? []
    }

    /// The ORDER BY item for a property; nil when it does not sort.
    private func orderItem(_ property: NXQLProperty, descending: Bool) throws(NXQLError) -> SQLFragment? {
        let keys: [SQLFragment]
        switch PropertyTarget(property, schema: schema) {
        case .column(let column) where !column.isConstant:
            keys = [column.sql]
        case .path:
            keys = [DocumentColumn.path.sql]
        case .json:
            guard let steps = JSONPropertyPath.steps(of: property) else {
                throw NXQLError("cannot order by \(property): it has a wildcard", at: nil)
            }
            keys = JSONLocation(base: .properties, steps: steps, dialect: dialect).sortKeys
        default:
            return nil
        }
        let direction: SQLFragment
        switch dialect {
        case .sqlite: direction = descending ? " DESC" : " ASC"
        case .postgres: direction = descending ? " DESC NULLS LAST" : " ASC NULLS FIRST"
        }
        return SQLFragment(joining: keys.map { "\($0)\(direction)" }, separator: ", ")
    }

    /// `d.primary_type IN (…)` for the types after FROM and their subtypes; always true when
    /// one of them is `Document`.
    private func typeFilter(_ types: [String]) throws(NXQLError) -> SQLCondition {
        var matchesEveryType = false
        var primaryTypes: [String] = []
        for type in types {
            guard let extending = schema.typesExtending(type) else {
                throw NXQLError("unknown document type \(NXQLError.quote(type))", at: nil)
            }
            if type.lowercased() == "document" { matchesEveryType = true }
            for primaryType in extending where !primaryTypes.contains(primaryType) {
                primaryTypes.append(primaryType)
            }
        }
        if matchesEveryType { return .always }
        guard !primaryTypes.isEmpty else { return .never }
        return SQLCondition(sql: "d.primary_type IN (\(binds: primaryTypes.map(SQLParameter.text)))", canBeNull: false)
    }

    /// The read-ACL filter: the first row of the document's effective ACL that names one of
    /// `principals` grants. No principals reads nothing.
    private func readFilter(_ principals: [String]) -> SQLCondition {
        var unique: [String] = []
        for principal in principals where !unique.contains(principal) {
            unique.append(principal)
        }
        guard !unique.isEmpty else { return .never }
        let sql: SQLFragment = """
            (SELECT acl.granted FROM repo_read_acls acl WHERE acl.acl_id = d.read_acl_id \
            AND acl.principal IN (\(binds: unique.map(SQLParameter.text))) ORDER BY acl.position LIMIT 1) = 1
            """
        return SQLCondition(sql: sql, canBeNull: true)
    }
}
