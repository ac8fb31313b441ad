import Foundation
import HTTPSupport
import JSON
import Repository
import Testing

@Suite("Repository states: lifecycle, trash, locks, versions")
struct RepositoryStateTests {
    @Test("lifecycle transitions move between states and refuse what the state does not allow")
    func lifecycle() async throws {
        try await RepositoryFixture.with { fixture in
            let file = try await fixture.repository.create(
                type: "File", name: "f", properties: [:], in: try await fixture.workspace("ws"), for: fixture.admin)
            let approved = try await fixture.repository.follow(transition: "approve", file, for: fixture.admin)
            #expect(approved.state == "approved")
            await #expect(throws: RepositoryError.self) {
                _ = try await fixture.repository.follow(transition: "approve", approved, for: fixture.admin)
            }
            let back = try await fixture.repository.follow(transition: "backToProject", approved, for: fixture.admin)
            #expect(back.state == "project")
        }
    }

    @Test("trashing a folder trashes its content, and untrashing restores it")
    func trash() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await fixture.workspace("ws")
            let folder = try await fixture.repository.create(type: "Folder", name: "folder", properties: [:], in: workspace, for: fixture.admin)
            let file = try await fixture.repository.create(type: "File", name: "f", properties: [:], in: folder, for: fixture.admin)
            let trashed = try await fixture.repository.setTrashed(true, folder, for: fixture.admin)
            #expect(trashed.isTrashed)
            #expect(try await fixture.repository.document(.id(file.id), for: fixture.admin).isTrashed)
            let listing = try await fixture.repository.children(of: workspace, page: PageRequest(), for: fixture.admin)
            #expect(listing.documents.isEmpty)
            _ = try await fixture.repository.setTrashed(false, trashed, for: fixture.admin)
            #expect(try await fixture.repository.document(.id(file.id), for: fixture.admin).isTrashed == false)
        }
    }

    @Test("a lock keeps others from changing the document until its owner unlocks it")
    func locks() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await fixture.repository.addPermissions(
                [AccessControlEntry(principal: "members", permission: "ReadWrite", isGranted: true)], to: try await fixture.workspace("ws"),
                for: fixture.admin
            )
            let file = try await fixture.repository.create(type: "File", name: "f", properties: [:], in: workspace, for: fixture.alice)
            let locked = try await fixture.repository.lock(file, for: fixture.alice)
            #expect(locked.lockOwner == "alice")
            #expect(try await fixture.repository.lock(locked, for: fixture.alice).lockOwner == "alice")
            await #expect(throws: RepositoryError.locked(path: file.path, owner: "alice")) {
                _ = try await fixture.repository.update(locked, properties: ["dc:title": "mine"], for: fixture.bob)
            }
            await #expect(throws: RepositoryError.locked(path: file.path, owner: "alice")) {
                _ = try await fixture.repository.unlock(locked, for: fixture.bob)
            }
            let unlocked = try await fixture.repository.unlock(locked, for: fixture.alice)
            #expect(unlocked.lockOwner == nil)
            #expect(try await fixture.repository.update(unlocked, properties: ["dc:title": "mine"], for: fixture.bob).title == "mine")
        }
    }

    @Test("check-ins number versions minor and major, and editing checks the document out")
    func versions() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let file = try await repository.create(
                type: "File", name: "f", properties: ["dc:title": "v1"], in: try await fixture.workspace("ws"), for: fixture.admin)
            #expect(repository.displayedVersionLabel(of: file) == "0.0")
            let minor = try await repository.checkIn(file, increment: .minor, for: fixture.admin)
            #expect(repository.displayedVersionLabel(of: minor) == "0.1")
            #expect(minor.isCheckedIn)
            let edited = try await repository.update(minor, properties: ["dc:title": "v2"], for: fixture.admin)
            #expect(!edited.isCheckedIn)
            #expect(repository.displayedVersionLabel(of: edited) == "0.1+")
            let major = try await repository.checkIn(edited, increment: .major, for: fixture.admin)
            #expect(repository.displayedVersionLabel(of: major) == "1.0")
            let versions = try await repository.versions(of: major, for: fixture.admin)
            #expect(versions.map(\.versionLabel) == ["0.1", "1.0"])
            #expect(versions.map(\.title) == ["v1", "v2"])
            #expect(versions.map(\.isLatestVersion) == [false, true])
            await #expect(throws: RepositoryError.invalid("versions cannot be changed")) {
                _ = try await repository.update(versions[0], properties: ["dc:title": "rewrite"], for: fixture.admin)
            }
        }
    }
}
