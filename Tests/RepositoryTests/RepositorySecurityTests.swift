import Foundation
import HTTPSupport
import JSON
import Repository
import Testing

@Suite("Repository access control")
struct RepositorySecurityTests {
    @Test("members read what the root ACL lets them read, and write nothing")
    func membersRead() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await fixture.workspace("ws")
            let read = try await fixture.repository.document(.id(workspace.id), for: fixture.alice)
            #expect(read.id == workspace.id)
            await #expect(throws: RepositoryError.forbidden(permission: "AddChildren", path: workspace.path)) {
                _ = try await fixture.repository.create(type: "File", name: "x", properties: [:], in: workspace, for: fixture.alice)
            }
            let permissions = try await fixture.repository.permissions(on: workspace, for: fixture.alice)
            #expect(permissions.contains("Read"))
            #expect(!permissions.contains("Write"))
        }
    }

    @Test("a granted permission applies below the document; blocking inheritance hides it from others, in reads and queries")
    func grantAndBlock() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let workspace = try await fixture.workspace("ws")
            let shared = try await repository.addPermissions(
                [AccessControlEntry(principal: "alice", permission: "ReadWrite", isGranted: true, creator: "Administrator")],
                to: workspace, for: fixture.admin
            )
            let file = try await repository.create(type: "File", name: "by-alice", properties: [:], in: shared, for: fixture.alice)
            #expect(file.properties["dc:creator"] == "alice")
            let (local, inherited) = try await repository.acls(of: shared)
            #expect(local.map(\.id) == ["alice:ReadWrite:true:Administrator::"])
            #expect(inherited.map(\.id).contains("members:Read:true:::"))

            let secret = try await repository.create(type: "Folder", name: "secret", properties: [:], in: shared, for: fixture.admin)
            _ = try await repository.addPermissions([], to: secret, blockInheritance: true, for: fixture.admin)
            await #expect(throws: RepositoryError.forbidden(permission: "Read", path: secret.path)) {
                _ = try await repository.document(.id(secret.id), for: fixture.bob)
            }
            let nxql = "SELECT * FROM Document WHERE ecm:parentId = '\(shared.id)'"
            let seenByBob = try await repository.query(nxql, page: PageRequest(pageSize: 0), for: fixture.bob).documents.map(\.name)
            let seenByAdmin = try await repository.query(nxql, page: PageRequest(pageSize: 0), for: fixture.admin).documents.map(\.name)
            #expect(seenByBob == ["by-alice"])
            #expect(Set(seenByAdmin) == ["by-alice", "secret"])

            _ = try await repository.removePermissions(
                id: "alice:ReadWrite:true:Administrator::", principal: nil, permission: nil, from: shared, for: fixture.admin)
            await #expect(throws: RepositoryError.forbidden(permission: "AddChildren", path: shared.path)) {
                _ = try await repository.create(type: "File", name: "again", properties: [:], in: shared, for: fixture.alice)
            }
        }
    }

    @Test("moving a document under a blocked folder changes who can find it")
    func moveUpdatesReadACL() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let open = try await fixture.workspace("open")
            let closed = try await repository.addPermissions(
                [], to: try await fixture.workspace("closed"), blockInheritance: true, for: fixture.admin)
            let file = try await repository.create(type: "File", name: "f", properties: ["dc:title": "needle"], in: open, for: fixture.admin)
            let query = "SELECT * FROM File WHERE dc:title = 'needle'"
            #expect(try await repository.query(query, page: PageRequest(), for: fixture.bob).documents.count == 1)
            _ = try await repository.move(file, to: closed, name: nil, for: fixture.admin)
            #expect(try await repository.query(query, page: PageRequest(), for: fixture.bob).documents.isEmpty)
        }
    }
}
