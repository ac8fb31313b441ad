/// A JSON value a condition looks at: steps from the document's properties, or from the
/// element of a list being iterated, written as SQL for one dialect.
///
/// SQLite reads `d.properties` with `json_type`/`json_extract` and iterates lists with
/// `json_each AS elementN` (columns `type`, `value`). PostgreSQL casts it with
/// `d.properties::jsonb`, walks it with `->`, and iterates with
/// `jsonb_array_elements(…) AS elementN(value)`. Keys are written as SQL literals; the parser
/// restricted them to `[A-Za-z0-9_:.-]`, so they cannot end the JSON path's quotes either.
struct JSONLocation: Sendable {
    /// Where the steps start.
    enum Base: Sendable {
        /// The document's properties, `d.properties` in a query.
        case properties
        /// The same column named without the query's alias, as an index definition names it.
        case propertiesColumn
        /// The current element of the list iterated as `element<n>`.
        case element(Int)
    }

    /// Where the steps start.
    let base: Base
    /// The steps from there.
    let steps: [JSONPropertyPath.Step]
    /// The SQL dialect to write.
    let dialect: SQLDialect

    /// The value as a comparable operand; see ``ComparableOperand``.
    ///
    /// Strings compare with the value's text form: strings as they are, numbers in decimal,
    /// booleans as 'true'/'false'. Numbers compare with JSON numbers numerically and with
    /// booleans as 1/0. Objects, arrays and nulls have neither form. On PostgreSQL the views
    /// test `jsonb_typeof` before extracting (`#>> '{}'`, `::numeric`, `::boolean`), so
    /// mismatched data never raises a cast error; SQLite's views test `json_type` the same way,
    /// so both engines give the same answers.
    var operand: ComparableOperand {
        switch dialect {
        case .sqlite:
            let type = sqliteType
            let value = sqliteValue
            return ComparableOperand(
                textView: """
                    CASE \(type) WHEN 'text' THEN \(value) WHEN 'integer' THEN CAST(\(value) AS TEXT) \
                    WHEN 'real' THEN CAST(\(value) AS TEXT) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' END
                    """,
                numberView: "CASE WHEN \(type) IN ('integer', 'real', 'true', 'false') THEN \(value) END",
                missingTest: "COALESCE(\(type), 'null') = 'null'",
                canBeNull: true, coercion: .mixed)
        case .postgres:
            let value = postgresValue
            return ComparableOperand(
                textView:
                    "CASE WHEN jsonb_typeof(\(value)) IN ('string', 'number', 'boolean') THEN \(value) #>> '{}' END",
                numberView: """
                    CASE jsonb_typeof(\(value)) WHEN 'number' THEN (\(value))::numeric \
                    WHEN 'boolean' THEN CASE WHEN (\(value))::boolean THEN 1 ELSE 0 END END
                    """,
                missingTest: "COALESCE(jsonb_typeof(\(value)), 'null') = 'null'",
                canBeNull: true, coercion: .mixed)
        }
    }

    /// A condition that holds when the value is not a non-empty array.
    var isEmptyListTest: SQLFragment {
        switch dialect {
        case .sqlite:
            return "CASE \(sqliteType) WHEN 'array' THEN json_array_length(\(sqliteValue)) ELSE 0 END = 0"
        case .postgres:
            let value = postgresValue
            return "CASE jsonb_typeof(\(value)) WHEN 'array' THEN jsonb_array_length(\(value)) ELSE 0 END = 0"
        }
    }

    /// A FROM item iterating the value's elements as `element<alias>` when it is an array,
    /// and nothing otherwise.
    func elements(as alias: Int) -> SQLFragment {
        switch dialect {
        case .sqlite:
            return "json_each(CASE \(sqliteType) WHEN 'array' THEN \(sqliteValue) END) AS element\(alias)"
        case .postgres:
            let value = postgresValue
            return
                "jsonb_array_elements(CASE jsonb_typeof(\(value)) WHEN 'array' THEN \(value) END) AS element\(alias)(value)"
        }
    }

    /// The ORDER BY keys that sort the value, most significant first.
    ///
    /// SQLite sorts `json_extract` values by type — NULL, then numbers (booleans are 0 and 1),
    /// then text (strings, and the JSON text of arrays and objects) — and numbers
    /// numerically. PostgreSQL's `jsonb` order differs (strings before numbers), so there the
    /// keys spell SQLite's order out: the type class, the numeric value, the text.
    var sortKeys: [SQLFragment] {
        switch dialect {
        case .sqlite:
            return [sqliteValue]
        case .postgres:
            let value = postgresValue
            return [
                "CASE jsonb_typeof(\(value)) WHEN 'number' THEN 1 WHEN 'boolean' THEN 1 WHEN 'string' THEN 2 WHEN 'array' THEN 2 WHEN 'object' THEN 2 END",
                operand.numberView ?? "NULL",
                "CASE jsonb_typeof(\(value)) WHEN 'string' THEN \(value) #>> '{}' WHEN 'array' THEN \(value)::text WHEN 'object' THEN \(value)::text END",
            ]
        }
    }

    /// SQLite: the JSON text the steps start from, or NULL for an element that is not an
    /// object or array (`json_type` and `json_extract` would reject a bare string).
    private var sqliteContainer: SQLFragment {
        switch base {
        case .properties:
            return "d.properties"
        case .propertiesColumn:
            return "properties"
        case .element(let alias):
            return "CASE WHEN element\(alias).type IN ('object', 'array') THEN element\(alias).value END"
        }
    }

    /// SQLite: the `json_type` of the value ('text', 'integer', 'real', 'true', …, or NULL).
    private var sqliteType: SQLFragment {
        if case .element(let alias) = base, steps.isEmpty { return "element\(alias).type" }
        return "json_type(\(sqliteContainer), \(literal: sqlitePath))"
    }

    /// SQLite: the value as `json_extract` gives it.
    private var sqliteValue: SQLFragment {
        if case .element(let alias) = base, steps.isEmpty { return "element\(alias).value" }
        return "json_extract(\(sqliteContainer), \(literal: sqlitePath))"
    }

    /// SQLite: the JSON path of the steps, keys quoted: `$."files:files"[0]."file"`.
    private var sqlitePath: String {
        var path = "$"
        for step in steps {
            switch step {
            case .key(let key): path += ".\"\(key)\""
            case .index(let index): path += "[\(index)]"
            }
        }
        return path
    }

    /// PostgreSQL: the value as `jsonb`, NULL when a step does not exist.
    private var postgresValue: SQLFragment {
        var value: SQLFragment
        switch base {
        case .properties: value = "d.properties::jsonb"
        case .propertiesColumn: value = "properties::jsonb"
        case .element(let alias): value = "element\(alias).value"
        }
        guard !steps.isEmpty else { return value }
        for step in steps {
            switch step {
            case .key(let key): value = "\(value) -> \(literal: key)"
            // `-> 0` on a scalar returns the scalar itself, so only index arrays.
            case .index(let index): value = "(CASE WHEN jsonb_typeof(\(value)) = 'array' THEN \(value) -> \(index) END)"
            }
        }
        return "(\(value))"
    }
}
