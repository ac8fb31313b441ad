import ChanceryTestSupport
import Foundation
import Testing

@testable import NuxeoSDK

/// How a hierarchy places documents and keeps them, without a server. Loading from a real
/// query is in ``HierarchyServerTests``.
struct HierarchyStorageTests {
    static func document(_ path: String) -> NUXDocument {
        var document = NUXDocument(type: "Folder")
        document.uid = "uid" + path.replacingOccurrences(of: "/", with: "_")
        document.path = path
        return document
    }

    @Test func documentsGoUnderTheDeepestDocumentAboveThem() {
        let paths = ["/a/b/c", "/x/y", "/a-b", "/a", "/", "/a/b", "/a/b2", "/a/b/c"]
        let nodes = HierarchyTree.nodes(from: paths.map(Self.document))
        let placed = nodes.map { ($0.document.path!, $0.parentPath, $0.depth) }
        // "/a-b/" sorts before "/a/" ("-" comes before "/"), which keeps everything under /a together.
        #expect(placed.map(\.0) == ["/a-b", "/a", "/a/b", "/a/b/c", "/a/b2", "/x/y"])
        #expect(placed.map(\.1) == [nil, nil, "/a", "/a/b", "/a", nil])
        #expect(placed.map(\.2) == [0, 0, 1, 2, 1, 0])
        #expect(nodes[2].parentId == "uid_a")
    }

    @Test func documentsWithoutUidOrPathAreLeftOut() {
        var noUid = Self.document("/n")
        noUid.uid = nil
        var noPath = Self.document("/p")
        noPath.path = nil
        #expect(HierarchyTree.nodes(from: [noUid, noPath]).isEmpty)
    }

    @Test func aSavedHierarchyIsReadByANewObject() async throws {
        try await TemporaryDirectory.with { directory in
            let url = URL(fileURLWithPath: directory)
            let first = NUXHierarchy(name: "folders", directory: url)
            #expect(try await !first.isLoaded)
            #expect(try await first.childrenOfRoot().isEmpty)
            let nodes = HierarchyTree.nodes(from: ["/a", "/a/b", "/c"].map(Self.document))
            try await first.store.save(nodes, content: ["uid_a_b": [NUXDocument(type: "File", name: "leaf")]])

            let second = NUXHierarchy(name: "folders", directory: url)
            #expect(try await second.isLoaded)
            #expect(try await second.childrenOfRoot().map(\.path) == ["/a", "/c"])
            #expect(try await second.childrenOfDocument("/a").map(\.path) == ["/a/b"])
            #expect(try await second.childrenOfDocument("uid_a").map(\.path) == ["/a/b"])
            #expect(try await second.nodeWithRef("uid_c")?.path == "/c")
            #expect(try await second.hasContentUnderNode("/a"))
            #expect(try await !second.hasContentUnderNode("/c"))
            let leaf = try await second.contentOfDocument(Self.document("/a/b"))
            #expect((leaf.first as? NUXDocument)?.name == "leaf")
            #expect(try await second.contentOfAllDocuments().count == 1)

            let other = NUXHierarchy(name: "other", directory: url)
            #expect(try await !other.isLoaded, "hierarchies are kept apart by name")

            try await second.resetCache()
            #expect(try await !first.isLoaded)
            #expect(try await first.childrenOfRoot().isEmpty)
        }
    }

    @Test func anIncompleteHierarchyIsWipedWhenOpened() async throws {
        try await TemporaryDirectory.with { directory in
            let url = URL(fileURLWithPath: directory)
            let crashed = HierarchyStore(name: "folders", file: url.appendingPathComponent("org.nuxeo.hierarchy.sqlite"), mapper: .shared)
            for (position, node) in HierarchyTree.nodes(from: ["/a", "/a/b"].map(Self.document)).enumerated() {
                try await crashed.insertWithoutMarkingLoaded(node, at: position)
            }
            #expect(try await crashed.children(of: HierarchyStore.rootKey).count == 1, "the nodes were written")

            let reopened = NUXHierarchy(name: "folders", directory: url)
            #expect(try await reopened.childrenOfRoot().isEmpty)
            #expect(try await crashed.children(of: "/a").isEmpty)
            #expect(try await !reopened.isLoaded)
        }
    }

    @Test func oneObjectPerNameAndDirectory() async throws {
        try await TemporaryDirectory.with { directory in
            let url = URL(fileURLWithPath: directory)
            let h1 = NUXHierarchy.hierarchy(withName: "test1", directory: url)
            let h2 = NUXHierarchy.hierarchy(withName: "test2", directory: url)
            let h3 = NUXHierarchy.hierarchy(withName: "test1", directory: url)
            #expect(h1 !== h2)
            #expect(h1 === h3)
            #expect(h1.name == "test1" && h1.directory == url)
        }
    }
}
