import Foundation
import HTTPSupport
import JSON
import Repository
import SQLKit
import Storage
import Testing

@Suite("Repository NXQL queries")
struct RepositoryQueryTests {
    /// Three files with titles, subjects and dates to query.
    private func seed(_ fixture: RepositoryFixture) async throws -> Document {
        let workspace = try await fixture.workspace("ws")
        let rows: [(String, [String], String)] = [
            ("Alpha report", ["art"], "2024-01-01T00:00:00Z"), ("Beta notes", ["science", "art"], "2024-06-01T00:00:00Z"),
            ("Gamma", [], "2025-01-01T00:00:00Z"),
        ]
        for (title, subjects, issued) in rows {
            _ = try await fixture.repository.create(
                type: "File", name: nil,
                properties: ["dc:title": .string(title), "dc:subjects": .array(subjects.map(JSONValue.string)), "dc:issued": .string(issued)],
                in: workspace, for: fixture.admin
            )
        }
        return workspace
    }

    private func titles(_ fixture: RepositoryFixture, _ nxql: String, sortBy: [String] = ["dc:title"]) async throws -> [String] {
        try await fixture.repository.query(nxql, page: PageRequest(pageSize: 0, sortBy: sortBy), for: fixture.admin).documents.map(\.title)
    }

    @Test("predicates, lists, dates, STARTSWITH and full text select the right documents")
    func predicates() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await seed(fixture)
            let base = "SELECT * FROM File WHERE ecm:path STARTSWITH '\(workspace.path)'"
            #expect(try await titles(fixture, base) == ["Alpha report", "Beta notes", "Gamma"])
            #expect(try await titles(fixture, base + " AND dc:subjects = 'art'") == ["Alpha report", "Beta notes"])
            #expect(try await titles(fixture, base + " AND dc:title ILIKE 'alpha%'") == ["Alpha report"])
            #expect(try await titles(fixture, base + " AND dc:title LIKE 'alpha%'") == [])
            #expect(try await titles(fixture, base + " AND dc:issued BETWEEN DATE '2024-03-01' AND DATE '2024-12-31'") == ["Beta notes"])
            #expect(try await titles(fixture, base + " AND dc:title IN ('Gamma', 'nothing')") == ["Gamma"])
            #expect(try await titles(fixture, base + " AND ecm:fulltext = 'notes'") == ["Beta notes"])
            #expect(try await titles(fixture, base, sortBy: []).count == 3)
        }
    }

    @Test("the full-text index follows changes and deletions")
    func fullTextFollowsChanges() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await fixture.workspace("ws")
            let note = try await fixture.repository.create(
                type: "Note", name: "n", properties: ["dc:title": "walrus"], in: workspace, for: fixture.admin)
            func find(_ word: String) async throws -> [String] {
                try await fixture.repository.query(
                    "SELECT * FROM Note WHERE ecm:fulltext = '\(word)'", page: PageRequest(pageSize: 0), for: fixture.admin
                )
                .documents.map(\.id)
            }
            #expect(try await find("walrus") == [note.id])
            _ = try await fixture.repository.update(note, properties: ["dc:title": "narwhal"], for: fixture.admin)
            #expect(try await find("walrus").isEmpty)
            #expect(try await find("narwhal") == [note.id])
            try await fixture.repository.delete(note, for: fixture.admin)
            #expect(try await find("narwhal").isEmpty)
        }
    }

    @Test("the full-text index follows changes made together, which share commits on SQLite")
    func fullTextFollowsConcurrentChanges() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let workspace = try await fixture.workspace("ws")
            let count = 24
            let notes = try await withThrowingTaskGroup(of: (Int, Document).self) { tasks in
                for number in 0..<count {
                    tasks.addTask {
                        let note = try await repository.create(
                            type: "Note", name: "note\(number)", properties: ["dc:title": .string("walrus\(number)")], in: workspace,
                            for: fixture.admin)
                        return (number, note)
                    }
                }
                return try await tasks.reduce(into: [Int: Document]()) { $0[$1.0] = $1.1 }
            }
            // A third renamed, a third deleted, at the same time.
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                for number in 0..<count where number % 3 != 0 {
                    let note = try #require(notes[number])
                    tasks.addTask {
                        if number % 3 == 1 {
                            _ = try await repository.update(note, properties: ["dc:title": .string("narwhal\(number)")], for: fixture.admin)
                        } else {
                            try await repository.delete(note, for: fixture.admin)
                        }
                    }
                }
                try await tasks.waitForAll()
            }
            func find(_ word: String) async throws -> [String] {
                try await repository.query("SELECT * FROM Note WHERE ecm:fulltext = '\(word)'", page: PageRequest(pageSize: 0), for: fixture.admin)
                    .documents.map(\.id)
            }
            for number in 0..<count {
                let id = try #require(notes[number]?.id)
                #expect(try await find("walrus\(number)") == (number % 3 == 0 ? [id] : []), "note \(number)")
                #expect(try await find("narwhal\(number)") == (number % 3 == 1 ? [id] : []), "note \(number)")
            }
            if repository.database.engine == .sqlite {
                // Every entry left for the end of its transaction was moved into the index.
                let pending = try await repository.database.withReadConnection { sql in
                    try await sql.raw("SELECT COUNT(*) AS n FROM repo_fulltext_pending").first(decodingColumn: "n", as: Int.self)
                }
                #expect(pending == 0)
            }
        }
    }

    @Test("pages split the results and report the total")
    func paging() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await seed(fixture)
            let query = "SELECT * FROM File WHERE ecm:parentId = '\(workspace.id)'"
            let page = try await fixture.repository.query(
                query, page: PageRequest(pageSize: 2, pageIndex: 1, sortBy: ["dc:title"]), for: fixture.admin)
            #expect(page.totalSize == 3)
            #expect(page.documents.map(\.title) == ["Gamma"])
            #expect(page.pageIndex == 1)
        }
    }

    @Test("a query that does not parse is an invalid request")
    func invalid() async throws {
        try await RepositoryFixture.with { fixture in
            await #expect(throws: RepositoryError.self) {
                _ = try await fixture.repository.query("SELECT * FROM", page: PageRequest(), for: fixture.admin)
            }
        }
    }
}
