import ChanceryTestSupport
import NXQL

/// Random but valid queries, built as trees, for round-trip and execution fuzzing.
struct RandomQuery {
    /// Properties of every sort: known, unknown, pseudo, paths, lists.
    static let properties = [
        "dc:title", "dc:description", "dc:created", "uid:major_version", "my:flag", "uid", "dc:subjects",
        "dc:subjects/*", "dc:subjects/0", "files:files/*/file/name", "files:files/file/name",
        "files:files/0/file/length", "files:files/*/file/tags/*", "file:content", "file:content/name",
        "file:content/length", "file:content/mime-type", "dc:nope", "ecm:uuid", "ecm:id", "ecm:parentId",
        "ecm:path", "ecm:name", "ecm:pos", "ecm:primaryType", "ecm:mixinType", "ecm:isTrashed", "ecm:isVersion",
        "ecm:isProxy", "ecm:isCheckedIn", "ecm:isLatestVersion", "ecm:versionLabel", "ecm:versionVersionableId",
        "ecm:lockOwner", "ecm:currentLifeCycleState", "ecm:ancestorId", "ecm:fulltext", "ecm:fulltext.dc:title",
        "ecm:nope",
    ]

    /// Strings that exercise quoting, patterns and the full-text syntax.
    static let strings = [
        "", "a", "Report 2024", "report%", "%.pdf", "_eport%", "O'Brien", "back\\slash", "100\\%", "\"", "'",
        "x'); DROP TABLE repo_documents; --", "*", "[", "?", "/", "/default-domain", "/default-domain/workspaces/w1/",
        "Folderish", "HiddenInNavigation", "a|b", "w1", "root", "art", "science", "true", "false", "0", "1", "2.5",
        "hello -world", "\"exact phrase\" pre*", "a OR b", "-only", "NEAR(a b)", "col:x", "é 中文 😀", "\u{301}\"'",
        "2024-01-02T10:00:00.000Z", "$1", ":name", "\\", "%", "_", "line\nbreak", "tab\tbed",
    ]

    /// The generator.
    var generator: SeededGenerator

    /// A random element of `elements`.
    mutating func pick<T>(_ elements: [T]) -> T {
        elements[Int.random(in: 0..<elements.count, using: &generator)]
    }

    /// A query with up to `depth` levels of AND/OR/NOT.
    mutating func query(depth: Int = 3) throws -> NXQLQuery {
        var types: [String] = []
        for _ in 0...Int.random(in: 0...1, using: &generator) {
            types.append(pick(["Document", "File", "Note", "Folder", "Workspace", "document"]))
        }
        var ordering: [NXQLOrdering] = []
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            let property = try NXQLProperty(parsing: pick(Self.properties.filter { !$0.contains("*") }))
            ordering.append(NXQLOrdering(property: property, isDescending: .random(using: &generator)))
        }
        let hasPredicate = Int.random(in: 0..<10, using: &generator) > 0
        return NXQLQuery(
            selection: .allProperties, documentTypes: types,
            predicate: hasPredicate ? try predicate(depth: depth) : nil, ordering: ordering)
    }

    /// A predicate with up to `depth` levels of AND/OR/NOT.
    mutating func predicate(depth: Int) throws -> NXQLPredicate {
        let kind = depth == 0 ? 3 : Int.random(in: 0..<6, using: &generator)
        switch kind {
        case 0, 1:
            var operands: [NXQLPredicate] = []
            for _ in 0..<Int.random(in: 2...3, using: &generator) {
                operands.append(try predicate(depth: depth - 1))
            }
            return kind == 0 ? .and(operands) : .or(operands)
        case 2:
            return .not(try predicate(depth: depth - 1))
        default:
            return try leaf()
        }
    }

    /// A single condition.
    mutating func leaf() throws -> NXQLPredicate {
        let property = try NXQLProperty(parsing: pick(Self.properties))
        switch Int.random(in: 0..<10, using: &generator) {
        case 0:
            var values: [NXQLValue] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) { values.append(value()) }
            return .inList(property, values, negated: .random(using: &generator))
        case 1:
            return .between(property, value(), value(), negated: .random(using: &generator))
        case 2:
            return .isNull(property, negated: .random(using: &generator))
        default:
            return .comparison(property, pick(NXQLComparisonOperator.allCases), value())
        }
    }

    /// A literal of any kind.
    mutating func value() -> NXQLValue {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return .integer(pick([0, 1, -1, 2, 1234, .max, .min]))
        case 1: return .double(pick([0.5, -2.5, 1e-5, 1e20, 2.5, 1.0]))
        case 2:
            let milliseconds = Int.random(in: 0...4_000_000_000_000, using: &generator)
            return NXQLDateTime(millisecondsSince1970: milliseconds).map(NXQLValue.dateTime) ?? .integer(milliseconds)
        case 3:
            return .now(
                offset: pick([
                    .zero, NXQLDuration(days: 1), NXQLDuration(isNegative: true, years: 1, seconds: 1, milliseconds: 5),
                ]))
        case 4: return .string(randomString())
        default: return .string(pick(Self.strings))
        }
    }

    /// A short string of random scalars, without NUL (which the sqlite3 shell cannot read).
    mutating func randomString() -> String {
        let alphabet: [Unicode.Scalar] = [
            "a", "B", " ", "'", "\"", "\\", "%", "_", "*", "?", "[", "]", "-", "(", ")", ":", "^", "|", "&", "!", "/",
            "é", "😀", "\u{301}", "\n", "\u{1}", "O", "R",
        ]
        var string = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            string.append(pick(alphabet))
        }
        return String(string)
    }
}
