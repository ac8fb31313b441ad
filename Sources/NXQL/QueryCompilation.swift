import Foundation

/// The state of one compilation: the schema, the dialect and the instant `NOW()` means.
struct QueryCompilation: Sendable {
    /// The repository's schemas and types.
    let schema: any NXQLSchema
    /// The SQL dialect to write.
    let dialect: SQLDialect
    /// The instant `NOW()` means, the same for every `NOW()` of the query.
    let now: Date

    /// The condition of a predicate.
    func condition(for predicate: NXQLPredicate) throws(NXQLError) -> SQLCondition {
        switch predicate {
        case .and(let operands):
            var conditions: [SQLCondition] = []
            for operand in operands { conditions.append(try condition(for: operand)) }
            return .all(conditions)
        case .or(let operands):
            var conditions: [SQLCondition] = []
            for operand in operands { conditions.append(try condition(for: operand)) }
            return .any(conditions)
        case .not(let operand):
            return try condition(for: operand).negated
        case .comparison(let property, let comparison, let value):
            let (test, negated) = LeafTest.positiveForm(of: comparison, try literal(for: value))
            return try condition(for: property, test, negated: negated)
        case .inList(let property, let values, let negated):
            var literals: [LiteralValue] = []
            for value in values { literals.append(try literal(for: value)) }
            return try condition(for: property, .among(literals), negated: negated)
        case .between(let property, let low, let high, let negated):
            return try condition(
                for: property, .between(try literal(for: low), try literal(for: high)), negated: negated)
        case .isNull(let property, let negated):
            return try condition(for: property, .isMissing, negated: negated)
        }
    }

    /// The condition of a leaf. An unknown property matches nothing, whatever the operator.
    private func condition(
        for property: NXQLProperty, _ test: LeafTest, negated: Bool
    ) throws(NXQLError)
        -> SQLCondition
    {
        let target = PropertyTarget(property, schema: schema)
        switch target {
        case .unknown:
            return .never
        case .fullText where negated, .fullTextOf where negated:
            throw NXQLError("\(property) only supports =", at: nil)
        default:
            let positive = try condition(for: target, test, named: property)
            return negated ? positive.negated : positive
        }
    }

    /// The positive condition of a leaf on a known target.
    private func condition(
        for target: PropertyTarget, _ test: LeafTest, named property: NXQLProperty
    ) throws(NXQLError)
        -> SQLCondition
    {
        switch target {
        case .column(let column):
            return condition(ComparableOperand(column: column), test)
        case .path:
            // Versions keep their live document's path but are not in the tree, as in Nuxeo.
            let isLive = SQLCondition(sql: "d.is_version = 0", canBeNull: false)
            if case .startsWith(let literal) = test {
                return .all([isLive, isBelow(path: literal.text)])
            }
            return .all([isLive, condition(ComparableOperand(column: .path), test)])
        case .mixinType:
            guard let facets = equalityValues(of: test) else {
                throw NXQLError("\(property) only supports =, <>, !=, IN and NOT IN", at: nil)
            }
            return .any(facets.map(hasFacet))
        case .ancestorId:
            guard let ids = equalityValues(of: test) else {
                throw NXQLError("\(property) only supports =, <>, !=, IN and NOT IN", at: nil)
            }
            return isDescendant(ofAnyOf: ids)
        case .fullText:
            guard case .compare(.equal, let literal) = test else {
                throw NXQLError("\(property) only supports =", at: nil)
            }
            return matchesFullText(NXQLFullTextQuery(parsing: literal.text))
        case .fullTextOf(let field):
            guard case .compare(.equal, let literal) = test else {
                throw NXQLError("\(property) only supports =", at: nil)
            }
            let containing = LikePattern([.anyString] + LikePattern.literal(literal.text) + [.anyString])
            return try condition(for: field, .like(containing, ignoringCase: true), negated: false)
        case .json(let path):
            return condition(path, test)
        case .unknown:
            return .never
        }
    }

    /// The values of an `=` or `IN` test; nil for other tests.
    private func equalityValues(of test: LeafTest) -> [LiteralValue]? {
        switch test {
        case .compare(.equal, let literal): return [literal]
        case .among(let literals): return literals
        default: return nil
        }
    }

    /// The condition of `test` on a document property, iterating the lists of its path.
    private func condition(_ path: JSONPropertyPath, _ test: LeafTest) -> SQLCondition {
        let first = JSONLocation(base: .properties, steps: path.segments[0], dialect: dialect)
        if path.isWholeList, test == .isMissing {
            return SQLCondition(sql: first.isEmptyListTest, canBeNull: false)
        }
        guard path.segments.count > 1 else {
            return condition(first.operand, test)
        }
        var lists = [first.elements(as: 1)]
        for (offset, steps) in path.segments.enumerated().dropFirst().dropLast() {
            lists.append(JSONLocation(base: .element(offset), steps: steps, dialect: dialect).elements(as: offset + 1))
        }
        let last = path.segments.count - 1
        let leaf = condition(
            JSONLocation(base: .element(last), steps: path.segments[last], dialect: dialect).operand, test)
        guard leaf != .never else { return .never }
        let from = SQLFragment(joining: lists, separator: ", ")
        return SQLCondition(sql: "EXISTS (SELECT 1 FROM \(from) WHERE \(leaf.sql))", canBeNull: false)
    }

    /// The condition of `test` on an operand.
    private func condition(_ operand: ComparableOperand, _ test: LeafTest) -> SQLCondition {
        switch test {
        case .compare(let comparison, let literal):
            guard let (view, parameter) = operand.view(for: literal) else { return .never }
            return SQLCondition(sql: "\(view) \(comparison.sql) \(bind: parameter)", canBeNull: operand.canBeNull)
        case .like(let pattern, let ignoringCase):
            guard let text = operand.textView else { return .never }
            return SQLCondition(sql: matching(text, pattern, ignoringCase: ignoringCase), canBeNull: operand.canBeNull)
        case .startsWith(let literal):
            guard let text = operand.textView else { return .never }
            let below = LikePattern(LikePattern.literal(literal.text + "/") + [.anyString])
            let sql: SQLFragment =
                "(\(text) = \(bind: .text(literal.text)) OR \(matching(text, below, ignoringCase: false)))"
            return SQLCondition(sql: sql, canBeNull: operand.canBeNull)
        case .among(let literals):
            return .any(literals.map { condition(operand, .compare(.equal, $0)) })
        case .between(let low, let high):
            if let (lowView, lowParameter) = operand.view(for: low),
                let (highView, highParameter) = operand.view(for: high),
                lowView == highView
            {
                let sql: SQLFragment = "\(lowView) BETWEEN \(bind: lowParameter) AND \(bind: highParameter)"
                return SQLCondition(sql: sql, canBeNull: operand.canBeNull)
            }
            guard operand.coercion == .mixed, let text = operand.textView else { return .never }
            let sql: SQLFragment = "\(text) BETWEEN \(bind: .text(low.text)) AND \(bind: .text(high.text))"
            return SQLCondition(sql: sql, canBeNull: operand.canBeNull)
        case .isMissing:
            return SQLCondition(sql: operand.missingTest, canBeNull: false)
        }
    }

    /// `text` matched against a LIKE pattern.
    ///
    /// SQLite's `LIKE` ignores ASCII case, so case-sensitive matching uses `GLOB` (which can
    /// also use an index); `ILIKE` on SQLite is `lower(x) LIKE lower(?)`, which folds ASCII
    /// letters only, as SQLite's `lower()` does without ICU. PostgreSQL has `LIKE` and `ILIKE`.
    private func matching(_ text: SQLFragment, _ pattern: LikePattern, ignoringCase: Bool) -> SQLFragment {
        switch (dialect, ignoringCase) {
        case (.sqlite, false): return "\(text) GLOB \(bind: .text(pattern.globText))"
        case (.sqlite, true): return "lower(\(text)) LIKE lower(\(bind: .text(pattern.likeText))) ESCAPE '\\'"
        case (.postgres, false): return "\(text) LIKE \(bind: .text(pattern.likeText)) ESCAPE '\\'"
        case (.postgres, true): return "\(text) ILIKE \(bind: .text(pattern.likeText)) ESCAPE '\\'"
        }
    }

    /// `ecm:path STARTSWITH path`: documents strictly below `path` (trailing slashes ignored,
    /// so `/` is every document but the root).
    private func isBelow(path: String) -> SQLCondition {
        var base = Substring(path)
        while base.last == "/" { base = base.dropLast() }
        let pattern = LikePattern(LikePattern.literal(base + "/") + [.anyCharacter, .anyString])
        return SQLCondition(sql: matching("d.path", pattern, ignoringCase: false), canBeNull: false)
    }

    /// `ecm:mixinType = facet`: the facet is one of `d.mixin_types` ("|Folderish|Versionable|").
    /// A facet that is empty or contains `|` cannot be one.
    private func hasFacet(_ facet: LiteralValue) -> SQLCondition {
        let name = facet.text
        guard !name.isEmpty, !name.contains("|") else { return .never }
        let function: SQLFragment = dialect == .sqlite ? "instr" : "strpos"
        return SQLCondition(sql: "\(function)(d.mixin_types, \(bind: .text("|\(name)|"))) > 0", canBeNull: false)
    }

    /// `ecm:ancestorId = id`: live documents strictly below the live document `id`, found by
    /// comparing paths with a subquery.
    private func isDescendant(ofAnyOf ids: [LiteralValue]) -> SQLCondition {
        let prefix: SQLFragment = "rtrim(ancestor.path, '/') || '/'"
        let sql: SQLFragment = """
            EXISTS (SELECT 1 FROM repo_documents ancestor WHERE ancestor.id IN (\(binds: ids.map { .text($0.text) })) \
            AND ancestor.is_version = 0 AND d.is_version = 0 AND d.path <> ancestor.path \
            AND substr(d.path, 1, length(\(prefix))) = \(prefix))
            """
        return SQLCondition(sql: sql, canBeNull: false)
    }

    /// `ecm:fulltext = '…'`: documents whose indexed text matches the query.
    private func matchesFullText(_ query: NXQLFullTextQuery) -> SQLCondition {
        switch dialect {
        case .sqlite:
            guard let expression = query.sqliteMatchExpression else { return .never }
            let sql: SQLFragment =
                "d.id IN (SELECT doc_id FROM repo_fulltext WHERE repo_fulltext MATCH \(bind: .text(expression)))"
            return SQLCondition(sql: sql, canBeNull: true)
        case .postgres:
            guard let expression = query.postgresTSQuery else { return .never }
            let sql: SQLFragment =
                "d.id IN (SELECT doc_id FROM repo_fulltext WHERE content @@ to_tsquery('simple', \(bind: .text(expression))))"
            return SQLCondition(sql: sql, canBeNull: true)
        }
    }

    /// A value ready for SQL; throws for parameters that were not bound and for `NOW()`
    /// offsets that leave the years 1...9999.
    func literal(for value: NXQLValue) throws(NXQLError) -> LiteralValue {
        switch value {
        case .string(let string):
            return .text(string)
        case .integer(let integer):
            return .integer(integer)
        case .double(let double):
            return .double(double)
        case .dateTime(let dateTime):
            return .text(dateTime.iso8601)
        case .now(let offset):
            guard let instant = NXQLDateTime(now)?.adding(offset) else {
                throw NXQLError("\(value) is out of range", at: nil)
            }
            return .text(instant.iso8601)
        case .positionalParameter(let index):
            throw NXQLError("parameter \(index + 1) ('?') has no value: bind the query first", at: nil)
        case .namedParameter(let name):
            throw NXQLError("parameter \(NXQLError.quote(":" + name)) has no value: bind the query first", at: nil)
        }
    }
}
