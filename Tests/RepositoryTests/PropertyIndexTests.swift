import JSON
import NXQL
import SQLKit
import Storage
import Synchronization
import Testing

@testable import Repository

@Suite("Property indexes")
struct PropertyIndexTests {
    /// The conditions whose answers must not change when `dc:source` gets an index.
    private static let conditions = [
        "dc:source = 'a-3'", "dc:source IN ('a-1', 'b/x', 'nope')", "dc:source < 'a-2'", "dc:source BETWEEN 'a-1' AND 'a-3'",
        "dc:source STARTSWITH 'b'", "dc:source <> 'a-3'", "dc:source NOT IN ('a-1')", "dc:source LIKE 'a-1%'", "dc:source IS NULL",
        "dc:source = 10", "dc:source = '10'", "NOT dc:source = 'a-4'",
    ]

    /// The ids each condition selects among the Files alice may read, sorted.
    private static func answers(_ fixture: RepositoryFixture) async throws -> [[String]] {
        var answers: [[String]] = []
        for condition in conditions {
            let page = try await fixture.repository.query(
                "SELECT * FROM File WHERE \(condition)", page: PageRequest(pageSize: 1_000), for: fixture.alice
            )
            answers.append(page.documents.map(\.id).sorted())
        }
        return answers
    }

    @Test("an index built on a populated repository leaves every NXQL answer as it was, and so does dropping it")
    func sameAnswers() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let workspace = try await repository.addPermissions(
                [AccessControlEntry(principal: "alice", permission: "Read", isGranted: true)], to: try await fixture.workspace("indexed"),
                for: fixture.admin
            )
            let sources: [JSONValue?] =
                (0..<8).map { .string("a-\($0)") } + [.string("b/x"), .string("b"), .string(""), .integer(10), .string("9"), nil]
            for (number, source) in sources.enumerated() {
                let properties: [String: JSONValue] = source.map { ["dc:source": $0] } ?? [:]
                _ = try await repository.create(type: "File", name: "f\(number)", properties: properties, in: workspace, for: fixture.admin)
            }
            let before = try await Self.answers(fixture)
            #expect(before.map(\.count)[0...1] == [1, 2] && before.map(\.count)[8...10] == [1, 0, 1] && before[4].count == 2, "\(before)")

            let indexes = PropertyIndexes(database: repository.database)
            let reported = ProgressLog()
            #expect(try await indexes.add("dc:source") { reported.append($0) })
            let documents = try await repository.database.withReadConnection { sql in
                try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("repo_documents").first(
                    decodingColumn: "n", as: Int64.self)
            }
            #expect(reported.entries.first == PropertyIndexes.BuildProgress(phase: "starting", rowsDone: 0, rowsTotal: documents))
            #expect(reported.entries.last == PropertyIndexes.BuildProgress(phase: "done", rowsDone: documents, rowsTotal: documents))
            #expect(try await !indexes.add("dc:source"), "a property is indexed once")
            #expect(try await indexes.list().map(\.property).contains("dc:source"))
            #expect(try await Self.answers(fixture) == before)

            #expect(try await indexes.remove("dc:source"))
            #expect(try await !indexes.remove("dc:source"))
            #expect(try await Self.answers(fixture) == before)
        }
    }

    @Test("the migrations index the properties Nuxeo clients query most, and NXQL comparisons use those indexes")
    func plans() async throws {
        try await RepositoryFixture.with { fixture in
            let database = fixture.repository.database
            #expect(try await PropertyIndexes(database: database).list().map(\.property) == PropertyIndexes.defaultProperties.sorted())
            let dialect: NXQL.SQLDialect = database.engine == .sqlite ? .sqlite : .postgres
            let compiler = NXQLCompiler(schema: TypeRegistry.core, dialect: dialect)
            for (property, literal) in [
                ("dc:title", "'Q3 report'"), ("file:content/digest", "'abc'"), ("dc:modified", "TIMESTAMP '2024-01-02 10:00:00'"),
            ] {
                let query = try NXQLQuery(parsing: "SELECT * FROM File WHERE \(property) = \(literal)")
                let condition = SQLPieces(pieces: try compiler.compile(query, principals: fixture.alice.sortedIdentities).condition)
                let plan = try await database.withConnection { sql -> String in
                    switch database.engine {
                    case .sqlite:
                        let rows = try await sql.raw("EXPLAIN QUERY PLAN SELECT d.id FROM repo_documents d WHERE \(condition)").all()
                        return try rows.map { try $0.decode(column: "detail", as: String.self) }.joined(separator: "\n")
                    case .postgres:
                        // A small table is scanned whatever its indexes; forbid that to see whether the index applies.
                        try await sql.raw("SET enable_seqscan = off").run()
                        let rows = try await sql.raw("EXPLAIN SELECT d.id FROM repo_documents d WHERE \(condition)").all()
                        try await sql.raw("RESET enable_seqscan").run()
                        return try rows.map { try $0.decode(column: "QUERY PLAN", as: String.self) }.joined(separator: "\n")
                    }
                }
                #expect(plan.contains(PropertyIndexes.indexName(of: property)), "\(property): \(plan)")
            }
        }
    }

    @Test("lists and properties the schemas do not have cannot be indexed")
    func refusals() async throws {
        try await RepositoryFixture.with { fixture async throws in
            let indexes = PropertyIndexes(database: fixture.repository.database)
            await #expect(
                throws: RepositoryError.invalid("dc:subjects cannot be indexed: 'dc:subjects' holds a list: only single values can be indexed")
            ) {
                try await indexes.add("dc:subjects")
            }
            await #expect(throws: RepositoryError.self) { try await indexes.add("nope:x") }
            await #expect(throws: RepositoryError.self) { try await indexes.add("dc:title; DROP TABLE repo_documents") }
            #expect(try await indexes.list().count == PropertyIndexes.defaultProperties.count)
        }
    }
}

/// The progress reports of a build, which arrive on other tasks.
private final class ProgressLog: Sendable {
    private let reports = Mutex<[PropertyIndexes.BuildProgress]>([])
    func append(_ report: PropertyIndexes.BuildProgress) { reports.withLock { $0.append(report) } }
    var entries: [PropertyIndexes.BuildProgress] { reports.withLock { $0 } }
}
