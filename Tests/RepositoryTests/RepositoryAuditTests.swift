import Foundation
import HTTPSupport
import JSON
import Repository
import Testing

@Suite("Repository audit: each change commits one entry with it")
struct RepositoryAuditTests {
    /// The event ids of the history of `document`, newest first.
    private func eventIDs(_ fixture: RepositoryFixture, _ document: Document, _ filter: AuditFilter = AuditFilter()) async throws -> [String] {
        try await fixture.repository.auditEntries(of: document, matching: filter, page: PageRequest(pageSize: 0), for: fixture.admin)
            .entries.map(\.event.id)
    }

    @Test("changes are recorded newest first, with who made them and the document as it was after")
    func history() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let workspace = try await repository.addPermissions(
                [AccessControlEntry(principal: "members", permission: "ReadWrite", isGranted: true)], to: try await fixture.workspace("ws"),
                for: fixture.admin
            )
            let file = try await repository.create(type: "File", name: "f", properties: [:], in: workspace, for: fixture.admin)
            let edited = try await repository.update(file, properties: ["dc:title": "edited"], for: fixture.alice)
            let locked = try await repository.lock(edited, for: fixture.alice)
            let unlocked = try await repository.unlock(locked, for: fixture.alice)
            let approved = try await repository.follow(transition: "approve", unlocked, for: fixture.admin)
            let checkedIn = try await repository.checkIn(approved, increment: .minor, for: fixture.admin)

            #expect(
                try await eventIDs(fixture, checkedIn) == [
                    "documentCheckedIn", "lifecycle_transition_event", "documentUnlocked", "documentLocked", "documentModified", "documentCreated",
                ])
            let entries = try await repository.auditEntries(of: checkedIn, matching: AuditFilter(), page: PageRequest(), for: fixture.admin).entries
            #expect(entries.map(\.principalName) == ["Administrator", "Administrator", "alice", "alice", "alice", "Administrator"])
            #expect(entries.allSatisfy { $0.documentID == file.id && $0.documentPath == file.path && $0.documentType == "File" })
            #expect(entries.map(\.id) == entries.map(\.id).sorted(by: >))
            let transition = entries[1]
            #expect(transition.event.category == AuditEvent.lifeCycleCategory)
            #expect(transition.documentLifeCycle == "approved" && entries[2].documentLifeCycle == "project")
            #expect(transition.event.extended == ["transition": "approve", "from": "project", "to": "approved"])
            #expect(entries[0].event.comment == "0.1")

            // The version has its own history: its creation by the check-in.
            let version = try #require(try await repository.versions(of: checkedIn, for: fixture.admin).first)
            #expect(try await eventIDs(fixture, version) == ["documentCreated"])
        }
    }

    @Test("a change that fails records nothing, and moving, ACLs and trash are recorded")
    func failedChangesAreNotRecorded() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let workspace = try await fixture.workspace("ws")
            let folder = try await repository.create(type: "Folder", name: "folder", properties: [:], in: workspace, for: fixture.admin)
            let file = try await repository.create(type: "File", name: "f", properties: [:], in: workspace, for: fixture.admin)
            // Refused inside the transaction, after the local ACL was read: rolled back with its entry.
            await #expect(throws: RepositoryError.self) {
                _ = try await repository.removePermissions(
                    id: "nobody:Read:true:Administrator::", principal: nil, permission: nil, from: file, for: fixture.admin)
            }
            #expect(try await eventIDs(fixture, file) == ["documentCreated"])

            let shared = try await repository.addPermissions(
                [AccessControlEntry(principal: "alice", permission: "Read", isGranted: true)], to: file, for: fixture.admin
            )
            let moved = try await repository.move(shared, to: folder, name: nil, for: fixture.admin)
            let trashed = try await repository.setTrashed(true, moved, for: fixture.admin)
            #expect(try await eventIDs(fixture, trashed) == ["documentTrashed", "documentMoved", "documentSecurityUpdated", "documentCreated"])
            let newest = try await repository.auditEntries(of: trashed, matching: AuditFilter(), page: PageRequest(pageSize: 1), for: fixture.admin)
            #expect(newest.total == 4 && newest.entries.first?.documentPath == "\(folder.path)/f")
        }
    }

    @Test("the history is filtered by event, principal and date, and readable only by readers")
    func filterAndAccess() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let file = try await repository.create(
                type: "File", name: "f", properties: [:], in: try await fixture.workspace("ws"), for: fixture.admin)
            _ = try await repository.update(file, properties: ["dc:title": "one"], for: fixture.admin)
            let latest = try await repository.update(file, properties: ["dc:title": "two"], for: fixture.admin)
            #expect(try await eventIDs(fixture, latest, AuditFilter(eventIDs: ["documentModified"])) == ["documentModified", "documentModified"])
            #expect(try await eventIDs(fixture, latest, AuditFilter(principalNames: ["alice"])).isEmpty)
            #expect(try await eventIDs(fixture, latest, AuditFilter(end: Date(timeIntervalSinceNow: -3600))).isEmpty)
            #expect(try await eventIDs(fixture, latest, AuditFilter(start: Date(timeIntervalSinceNow: -3600))).count == 3)

            _ = try await repository.addPermissions(
                [AccessControlEntry(principal: "Administrator", permission: "Everything", isGranted: true)], to: latest, blockInheritance: true,
                for: fixture.admin
            )
            await #expect(throws: RepositoryError.forbidden(permission: "Read", path: file.path)) {
                _ = try await repository.auditEntries(of: latest, matching: AuditFilter(), page: PageRequest(), for: fixture.alice)
            }
        }
    }
}
