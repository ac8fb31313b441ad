import Accounts
import ChanceryTestSupport
import Foundation
import HTTPSupport
import HTTPTypes
import Storage
import Testing

@testable import Signing

/// The table documents and templates share (``JSONBodyTable`` of ``VersionedRecord``s) over a
/// real database: version checks, retried changes, lists and their filters.
@Suite struct VersionedStoreTests {
    /// Runs `body` with the documents' table of a fresh, migrated database.
    private static func withStore(_ body: (DocumentStore) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all, SigningMigrations.all], logger: TestDatabase.logger)
            try await body(DocumentStore(database: database))
        }
    }

    @Test func aStaleUpdateIsAVersionConflictAndChangesNothing() async throws {
        try await Self.withStore { store in
            let document = WebhookFixture.document()
            try await store.insert(document)
            var first = document
            first.name = "First"
            var second = document
            second.name = "Second"
            let stored = try await store.update(first)
            #expect(stored.version == 2)
            await #expect(throws: VersionConflict.self) { try await store.update(second) }
            let read = try #require(try await store.record(id: document.id))
            #expect(read.name == "First")
            #expect(read.version == 2)
        }
    }

    @Test func aChangeStartsAgainFromTheVersionAnotherWriterStored() async throws {
        try await Self.withStore { store in
            let document = WebhookFixture.document()
            try await store.insert(document)
            var attempts = 0
            let changed = try #require(
                try await store.change(document.id) { current in
                    attempts += 1
                    if attempts == 1 {
                        var other = current
                        other.metadata["other"] = "writer"
                        _ = try await store.update(other)
                    }
                    current.name = "Renamed"
                })
            #expect(attempts == 2)
            #expect(changed.name == "Renamed")
            #expect(changed.metadata["other"] == "writer")
            #expect(changed.version == 3)
            #expect(try await store.record(id: document.id)?.version == 3)
        }
    }

    @Test func aChangeGivesUpWhenEveryAttemptMeetsANewerVersion() async throws {
        try await Self.withStore { store in
            let document = WebhookFixture.document()
            try await store.insert(document)
            var attempts = 0
            await #expect(throws: VersionConflict.self) {
                _ = try await store.change(document.id) { current in
                    attempts += 1
                    _ = try await store.update(current)
                }
            }
            #expect(attempts == DocumentStore.maximumAttempts)
        }
    }

    @Test func aChangeOfAMissingRecordIsNil() async throws {
        try await Self.withStore { store in
            var called = false
            let changed = try await store.change("no-such-document") { _ in called = true }
            #expect(changed == nil)
            #expect(!called)
        }
    }

    @Test func listsFilterByOwnerStatusAndNameWithLikeCharactersTakenLiterally() async throws {
        try await Self.withStore { store in
            var documents: [SigningDocument] = []
            for (index, name) in ["50% off", "500 units", "a_b", "axb"].enumerated() {
                var document = WebhookFixture.document(ownerID: index < 3 ? "alice" : "bob")
                document.name = name
                document.status = index == 1 ? .completed : .sent
                document.createdAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
                try await store.insert(document)
                documents.append(document)
            }
            func names(_ ownerID: String?, _ filter: ListFilter, page: Int = 1, limit: Int = 10) async throws -> ([String?], Int) {
                let (found, total) = try await store.list(ownerID: ownerID, matching: filter.conditions, page: page, limit: limit)
                return (found.map(\.name), total)
            }
            #expect(try await names(nil, ListFilter()) == (["axb", "a_b", "500 units", "50% off"], 4))
            #expect(try await names("alice", ListFilter()) == (["a_b", "500 units", "50% off"], 3))
            #expect(try await names(nil, ListFilter(nameContains: "50%")) == (["50% off"], 1))
            #expect(try await names(nil, ListFilter(nameContains: "A_B")) == (["a_b"], 1))
            #expect(try await names(nil, ListFilter(status: "Completed")) == (["500 units"], 1))
            #expect(try await names("alice", ListFilter(nameContains: "50", status: "Sent")) == (["50% off"], 1))
            #expect(try await names(nil, ListFilter(), page: 2, limit: 3) == (["50% off"], 4))
        }
    }

    @Test func aListQueryReadsNamesStatusesAndQuotes() throws {
        let filter = try ListQuery.filter(#"name:"Lease A" AND status:completed AND owner:someone"#) { $0.uppercased() }
        #expect(filter.nameContains == "Lease A")
        #expect(filter.status == "COMPLETED")
        #expect(try ListQuery.filter(#" "Lease" "#) { $0 }.nameContains == "Lease")
        #expect(try ListQuery.filter("name:First AND Second") { $0 }.nameContains == "First")
        #expect(try ListQuery.filter("   ") { $0 }.nameContains == nil)
        #expect(try ListQuery.filter(nil) { $0 }.status == nil)
    }

    @Test func anUnknownStatusInAQueryIsA422NamingTheStates() throws {
        #expect(try DocumentQuery.filter("status:COMPLETED").status == "Completed")
        #expect(try TemplateQuery.filter("status:draft").status == "Draft")
        let error = try #require(throws: APIError.self) { try DocumentQuery.filter("status:finished") }
        #expect(error.status == .unprocessableContent)
        #expect(error.fieldErrors["query"]?.first?.contains("Completed") == true)
        #expect(throws: APIError.self) { try TemplateQuery.filter("name:x AND status:old") }
    }
}
