import ChanceryTestSupport
import NXQL
import Testing

/// Any input gives a query or an error — never a crash — and what parses, compiles.
@Suite struct NXQLFuzzTests {
    /// Valid queries to mutate.
    static let corpus = [
        "SELECT * FROM Document WHERE ecm:parentId = 'abc' AND ecm:isTrashed = 0 AND ecm:mixinType != 'HiddenInNavigation' ORDER BY dc:title",
        "select ecm:uuid, dc:title from File, Note where (dc:title like 'a%' or not dc:subjects in ('x', \"y\")) and ecm:pos between -1 and 2.5e3",
        "SELECT * FROM Document WHERE files:files/*/file/name ILIKE '%.PDF' AND file:content/length >= 10 AND dc:created > NOW('-P1DT2H')",
        "SELECT * FROM Folder WHERE ecm:path STARTSWITH '/a\\'b' AND ecm:fulltext = 'hello -\"big world\" pre*' AND dc:created < TIMESTAMP '2024-01-02 10:00:00.5'",
        "SELECT * FROM Document WHERE ecm:ancestorId = ? AND dc:title IS NOT NULL AND x = :name ORDER BY ecm:pos DESC, dc:title ASC",
    ]

    /// Checks one input: it parses or fails with an error inside the text; what parses
    /// prints back to an equal query and compiles (or fails with an error) on both dialects.
    static func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let query: NXQLQuery
        do {
            query = try NXQLQuery(parsing: text)
        } catch {
            let length = text.unicodeScalars.count
            #expect(
                error.position.map { (0...length).contains($0) } == true, "\(error) for \(text.debugDescription)",
                sourceLocation: sourceLocation)
            #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
            return
        }
        let reparsed = try? NXQLQuery(parsing: query.description)
        #expect(
            reparsed == query, "\(text.debugDescription) printed as \(query.description.debugDescription)",
            sourceLocation: sourceLocation)
        let bound = (try? query.binding(positional: Array(repeating: .string("p"), count: 50), named: [:])) ?? query
        for dialect in [SQLDialect.sqlite, .postgres] {
            do {
                let compiled = try Compile.compiler(dialect).compile(bound, principals: ["bob"])
                #expect(!compiled.condition.isEmpty, sourceLocation: sourceLocation)
            } catch {
                #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func randomBytes() {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            Self.check(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func randomTokens() {
        let tokens = [
            "SELECT", "*", "FROM", "Document", "File", "WHERE", "ORDER", "BY", "ASC", "DESC", "AND", "OR", "NOT", "(",
            ")",
            ",", "=", "<>", "!=", "<", "<=", ">", ">=", "LIKE", "ILIKE", "STARTSWITH", "IN", "BETWEEN", "IS", "NULL",
            "dc:title", "ecm:path", "dc:subjects/*", "files:files/0/file", "ecm:fulltext", "'x'", "\"y\"", "'%'", "1",
            "-2", "3.5", "1e9", "DATE", "'2024-01-02'", "TIMESTAMP", "NOW", "'P1D'", "?", ":p", "ecm:mixinType",
        ]
        var generator = SeededGenerator(seed: 2)
        for _ in 0..<3000 {
            var words = ["SELECT", "*", "FROM", "Document", "WHERE"]
            if Bool.random(using: &generator) { words = [] }
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                words.append(tokens[Int.random(in: 0..<tokens.count, using: &generator)])
            }
            Self.check(words.joined(separator: Bool.random(using: &generator) ? " " : ""))
        }
    }

    @Test func mutatedQueries() {
        let insertions: [String] = [
            "'", "\"", "\\", "(", ")", " ", "NOT ", " AND ", ",", "*", "/", "-", ".", "é", "\u{0}", "😀", "?", ":",
            "9999999999999999999999",
        ]
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<4000 {
            var scalars = Array(Self.corpus[Int.random(in: 0..<Self.corpus.count, using: &generator)].unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0...scalars.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where index < scalars.count:
                    scalars.remove(at: index)
                case 1 where index < scalars.count:
                    let end = min(scalars.count, index + Int.random(in: 1...12, using: &generator))
                    scalars.insert(contentsOf: scalars[index..<end], at: end)
                case 2:
                    let insertion = insertions[Int.random(in: 0..<insertions.count, using: &generator)]
                    scalars.insert(contentsOf: insertion.unicodeScalars, at: index)
                default:
                    scalars = Array(scalars[0..<index])
                }
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            Self.check(String(text))
        }
    }

    @Test func generatedQueriesRoundTrip() throws {
        var random = RandomQuery(generator: SeededGenerator(seed: 4))
        for _ in 0..<2000 {
            let query = try random.query()
            #expect(try NXQLQuery(parsing: query.description) == query, "\(query)")
            Self.check(query.description)
        }
    }

    @Test func pathologicalInputs() {
        Self.check(String(repeating: "(", count: 50_000))
        Self.check("SELECT * FROM Document WHERE " + String(repeating: "NOT ", count: 50_000) + "a = 1")
        Self.check("SELECT * FROM Document WHERE a = '" + String(repeating: "\\", count: 10_001))
        Self.check("SELECT * FROM Document WHERE a IN (" + String(repeating: "1, ", count: 20_000) + "1)")
        Self.check(
            "SELECT * FROM Document WHERE " + (0..<2000).map { "dc:subjects/* = '\($0)'" }.joined(separator: " OR "))
        Self.check("SELECT * FROM Document WHERE a = " + String(repeating: "9", count: 5000))
        Self.check("SELECT * FROM Document WHERE a = 1" + String(repeating: "0", count: 400) + ".5")
        Self.check("SELECT * FROM Document WHERE " + String(repeating: "a/", count: 10_000) + "b = 1")
    }
}
