import ChanceryTestSupport
import Foundation
import NuxeoSDK
import Testing

/// The entity cache, in a temporary directory.
struct EntityCacheTests {
    static func document(_ uid: String, title: String) -> NUXDocument {
        var document = NUXDocument(type: "File", properties: ["dc:title": .string(title)])
        document.uid = uid
        document.path = "/default-domain/\(uid)"
        document.changeToken = "1"
        return document
    }

    @Test func entitiesAreFilesByTypeAndId() async throws {
        try await TemporaryDirectory.with { directory in
            let base = URL(fileURLWithPath: directory)
            let cache = NUXEntityCache(directory: base)
            let document = Self.document("doc-1", title: "One")
            #expect(!cache.hasEntity(withId: "doc-1", ofType: NUXDocument.self))
            #expect(cache.entity(withId: "doc-1", ofType: NUXDocument.self) == nil)

            try cache.saveEntity(document)
            #expect(FileManager.default.fileExists(atPath: base.appendingPathComponent("org.nuxeo.cache.entity/document/doc-1").path))
            #expect(cache.hasEntity(withId: "doc-1", ofType: NUXDocument.self))
            let read = try #require(cache.entity(withId: "doc-1", ofType: NUXDocument.self))
            #expect(read == document)
            #expect(read.properties["dc:title"] == "One")

            var changed = document
            changed.properties["dc:title"] = "Changed"
            try cache.saveEntity(changed)
            #expect(NUXEntityCache(directory: base).entity(withId: "doc-1", ofType: NUXDocument.self)?.properties["dc:title"] == "Changed")

            #expect(cache.removeEntity(withId: "doc-1", ofType: NUXDocument.self))
            #expect(!cache.removeEntity(withId: "doc-1", ofType: NUXDocument.self))
            #expect(!cache.hasEntity(withId: "doc-1", ofType: NUXDocument.self))

            #expect(throws: NUXError.missingEntityId) { try cache.saveEntity(NUXDocument(type: "File")) }
            var slashed = Self.document("a/../b", title: "odd id")
            slashed.uid = "a/../b"
            try cache.saveEntity(slashed)
            #expect(cache.entity(withId: "a/../b", ofType: NUXDocument.self)?.uid == "a/../b")
        }
    }

    @Test func listsKeepOrderAndSurviveANewCache() async throws {
        try await TemporaryDirectory.with { directory in
            let base = URL(fileURLWithPath: directory)
            let cache = NUXEntityCache(directory: base)
            let documents = ["c", "a", "b"].map { Self.document($0, title: $0.uppercased()) }
            #expect(try await !cache.hasEntityList("children"))
            #expect(try await cache.entities(fromList: "children").isEmpty)

            try await cache.saveEntities(documents, withListName: "children")
            #expect(try await cache.hasEntityList("children"))
            let reopened = NUXEntityCache(directory: base)
            let listed = try await reopened.entities(fromList: "children").compactMap { $0 as? NUXDocument }
            #expect(listed.map(\.uid) == ["c", "a", "b"])
            #expect(listed.map { $0.properties["dc:title"] } == ["C", "A", "B"])
            #expect(reopened.hasEntity(withId: "a", ofType: NUXDocument.self), "the list's entities are kept one by one too")

            try await cache.saveEntities(Array(documents.prefix(1)), withListName: "children")
            #expect(try await cache.entities(fromList: "children").count == 1, "saving a list replaces it")

            try await cache.removeEntitiesList("children")
            #expect(try await !cache.hasEntityList("children"))
            #expect(cache.hasEntity(withId: "c", ofType: NUXDocument.self), "removing a list keeps its entities")
        }
    }

    @Test func aListSkipsEntitiesWhoseFileIsGone() async throws {
        try await TemporaryDirectory.with { directory in
            let cache = NUXEntityCache(directory: URL(fileURLWithPath: directory))
            try await cache.saveEntities([Self.document("x", title: "X"), Self.document("y", title: "Y")], withListName: "l")
            cache.removeEntity(withId: "x", ofType: NUXDocument.self)
            let listed = try await cache.entities(fromList: "l").compactMap { ($0 as? NUXDocument)?.uid }
            #expect(listed == ["y"])
        }
    }
}
