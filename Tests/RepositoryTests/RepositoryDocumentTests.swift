import Foundation
import HTTPSupport
import JSON
import Repository
import Testing

@Suite("Repository documents")
struct RepositoryDocumentTests {
    @Test("a fresh repository has Nuxeo's layout: one domain with sections, templates and workspaces")
    func freshLayout() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let root = try await repository.document(.path("/"), for: fixture.admin)
            #expect(root.type == "Root")
            let rootChildren = try await repository.children(of: root, page: PageRequest(pageSize: 0), for: fixture.admin).documents
            #expect(rootChildren.map(\.path) == ["/default-domain"])
            let domain = rootChildren[0]
            #expect(domain.title == "Domain")
            let children = try await repository.children(of: domain, page: PageRequest(pageSize: 0, sortBy: ["dc:title"]), for: fixture.admin)
            #expect(children.documents.map(\.title) == ["Sections", "Templates", "Workspaces"])
            #expect(children.documents.map(\.type) == ["SectionRoot", "TemplateRoot", "WorkspaceRoot"])
            let acl = try await repository.effectiveACL(of: domain).map(\.id)
            #expect(acl == ["Administrator:Everything:true:::", "administrators:Everything:true:::", "members:Read:true:::"])
        }
    }

    @Test("creating fills in server-maintained properties, and names that collide get a suffix")
    func createAndRename() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await fixture.workspace("ws")
            let first = try await fixture.repository.create(
                type: "File", name: nil, properties: ["dc:title": "Report", "dc:creator": "mallory"], in: workspace, for: fixture.admin
            )
            let second = try await fixture.repository.create(type: "File", name: "Report", properties: [:], in: workspace, for: fixture.admin)
            #expect(first.name == "Report")
            #expect(first.path == "/default-domain/workspaces/ws/Report")
            #expect(second.name == "Report.1")
            #expect(first.properties["dc:creator"] == "Administrator")
            #expect(first.properties["dc:contributors"] == .array(["Administrator"]))
            #expect(first.state == "project")
            #expect(first.properties["uid:major_version"] == 0)
        }
    }

    @Test("concurrent creations with one name all succeed, each with a name of its own")
    func concurrentNames() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await fixture.workspace("ws")
            let names = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await fixture.repository.create(type: "Note", name: "same", properties: [:], in: workspace, for: fixture.admin).name
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(names) == Set(["same"] + (1...7).map { "same.\($0)" }))
        }
    }

    @Test("a document created in a folder moved or secured since it was read goes where the folder is, under its permissions")
    func createInChangedFolder() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let target = try await fixture.workspace("target")
            let stale = try await fixture.workspace("ws")
            _ = try await repository.move(stale, to: target, name: "moved", for: fixture.admin)
            var files: [Document] = []
            for index in 0..<3 {
                files.append(try await repository.create(type: "File", name: "f\(index)", properties: [:], in: stale, for: fixture.admin))
            }
            #expect(files.map(\.path) == (0..<3).map { "/default-domain/workspaces/target/moved/f\($0)" })
            let children = try await repository.children(of: stale, page: PageRequest(pageSize: 0), for: fixture.admin).documents
            #expect(children.map(\.id) == files.map(\.id))
            #expect(children.map(\.position) == [0, 1, 2] && files.map(\.position) == [0, 1, 2])
            let history = try await repository.auditEntries(of: files[0], matching: AuditFilter(), page: PageRequest(), for: fixture.admin)
            #expect(history.entries.map(\.event.id) == ["documentCreated"])
            #expect(history.entries.map(\.documentPath) == [files[0].path])
            // The folder as read is as it is: created at once, after what the folder holds.
            let next = try await repository.create(type: "File", name: "next", properties: [:], in: target, for: fixture.admin)
            #expect(next.path == "/default-domain/workspaces/target/next" && next.position == 1)

            let secured = try await fixture.workspace("secured")
            _ = try await repository.addPermissions([], to: secured, blockInheritance: true, for: fixture.admin)
            let secret = try await repository.create(type: "File", name: "secret", properties: [:], in: secured, for: fixture.admin)
            await #expect(throws: RepositoryError.forbidden(permission: "Read", path: secret.path)) {
                _ = try await repository.document(.id(secret.id), for: fixture.bob)
            }
        }
    }

    @Test("unknown properties and values of the wrong type are refused")
    func badProperties() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await fixture.workspace("ws")
            await #expect(throws: RepositoryError.invalid("unknown property 'dc:nonsense' for this document")) {
                _ = try await fixture.repository.create(type: "File", name: "a", properties: ["dc:nonsense": "x"], in: workspace, for: fixture.admin)
            }
            await #expect(throws: RepositoryError.invalid("property 'dc:issued' must be a date in ISO 8601 form")) {
                _ = try await fixture.repository.create(
                    type: "File", name: "a", properties: ["dc:issued": "yesterday"], in: workspace, for: fixture.admin)
            }
            await #expect(throws: RepositoryError.invalid("unknown document type 'Spaceship'")) {
                _ = try await fixture.repository.create(type: "Spaceship", name: "a", properties: [:], in: workspace, for: fixture.admin)
            }
        }
    }

    @Test("updating changes only the given properties, and dates and lists are normalized")
    func update() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await fixture.workspace("ws")
            let file = try await fixture.repository.create(
                type: "File", name: "f", properties: ["dc:title": "T", "dc:description": "D"], in: workspace, for: fixture.admin)
            let updated = try await fixture.repository.update(
                file, properties: ["dc:description": "E", "dc:issued": "2024-01-02T10:00:00Z", "dc:subjects": "art, science"], for: fixture.admin
            )
            #expect(updated.properties["dc:title"] == "T")
            #expect(updated.properties["dc:description"] == "E")
            #expect(updated.properties["dc:issued"] == "2024-01-02T10:00:00.000Z")
            #expect(updated.properties["dc:subjects"] == .array(["art", "science"]))
            #expect(updated.changeToken > file.changeToken)
            await #expect(throws: RepositoryError.invalid("unknown property 'dc:nonsense' for this document")) {
                _ = try await fixture.repository.update(updated, properties: ["dc:nonsense": "x"], for: fixture.admin)
            }
            let lenient = try await fixture.repository.update(
                updated, properties: ["dc:nonsense": "x", "dc:title": "U"], ignoringUnknownKeys: true, for: fixture.admin
            )
            #expect(lenient.title == "U")
            #expect(lenient.properties["dc:nonsense"] == nil)
        }
    }

    @Test("moving a folder moves everything below it")
    func move() async throws {
        try await RepositoryFixture.with { fixture in
            let source = try await fixture.workspace("source")
            let target = try await fixture.workspace("target")
            let folder = try await fixture.repository.create(type: "Folder", name: "folder", properties: [:], in: source, for: fixture.admin)
            let file = try await fixture.repository.create(type: "File", name: "file", properties: [:], in: folder, for: fixture.admin)
            let moved = try await fixture.repository.move(folder, to: target, name: "renamed", for: fixture.admin)
            #expect(moved.path == "/default-domain/workspaces/target/renamed")
            let movedFile = try await fixture.repository.document(.id(file.id), for: fixture.admin)
            #expect(movedFile.path == "/default-domain/workspaces/target/renamed/file")
            let inner = try await fixture.repository.create(type: "Folder", name: "inner", properties: [:], in: moved, for: fixture.admin)
            await #expect(throws: RepositoryError.invalid("/default-domain/workspaces/target/renamed cannot be moved into itself")) {
                _ = try await fixture.repository.move(moved, to: inner, name: nil, for: fixture.admin)
            }
        }
    }

    @Test("deleting a folder deletes what it contains")
    func delete() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await fixture.workspace("ws")
            let file = try await fixture.repository.create(type: "File", name: "f", properties: [:], in: workspace, for: fixture.admin)
            try await fixture.repository.delete(workspace, for: fixture.admin)
            await #expect(throws: RepositoryError.documentNotFound(file.id)) {
                _ = try await fixture.repository.document(.id(file.id), for: fixture.admin)
            }
        }
    }
}
