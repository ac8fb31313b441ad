import Accounts
import Foundation
import HTTPSupport
import JSON
import NIOCore
import Repository
import Storage
import Testing

@Suite("Blob references")
struct BlobReferenceTests {
    /// A workspace `alice` and `bob` may both write in, and a File of alice's in it holding
    /// `secret`, attached through her upload batch.
    private static func withAliceFile(_ body: (RepositoryFixture, Document, Document, BlobInfo) async throws -> Void) async throws {
        try await RepositoryFixture.with { fixture in
            var workspace = try await fixture.workspace("shared")
            workspace = try await fixture.repository.addPermissions(
                ["alice", "bob"].map { AccessControlEntry(principal: $0, permission: "ReadWrite", isGranted: true) },
                to: workspace, blockInheritance: false, for: fixture.admin
            )
            let uploads = fixture.repository.uploads
            let batch = try await uploads.create(for: fixture.alice.principal)
            _ = try await uploads.upload(
                .init(fileIndex: 0, name: "contract.pdf", declaredType: nil, totalSize: nil, chunk: nil),
                body: AsyncStreamOf([ByteBuffer(string: "alice's contract")]), batchID: batch, owner: fixture.alice.principal
            )
            let file = try await fixture.repository.create(
                type: "File", name: "contract", properties: ["file:content": .object(["upload-batch": .string(batch)])],
                in: workspace, for: fixture.alice
            )
            try await body(fixture, workspace, file, try #require(fixture.repository.blob(at: "file:content", of: file)))
        }
    }

    private static func bare(digest: String, length: Int64) -> JSONValue {
        BlobInfo(name: "loot.pdf", mimeType: "application/pdf", digest: digest, length: length).stored
    }

    @Test("a bare digest of another user's blob is refused exactly like an unknown one, on create and on update")
    func bareDigestRefused() async throws {
        try await Self.withAliceFile { fixture, workspace, _, blob in
            let unknown = String(repeating: "ab", count: 32)
            let refusal = RepositoryError.invalid("property 'file:content' must be an upload-batch reference or a blob this document already holds")
            for digest in [blob.digest, unknown] {
                await #expect(throws: refusal) {
                    _ = try await fixture.repository.create(
                        type: "File", name: "loot", properties: ["file:content": Self.bare(digest: digest, length: blob.length)],
                        in: workspace, for: fixture.bob
                    )
                }
            }
            let own = try await fixture.repository.create(type: "File", name: "mine", properties: [:], in: workspace, for: fixture.bob)
            for digest in [blob.digest, unknown] {
                await #expect(throws: refusal) {
                    _ = try await fixture.repository.update(
                        own, properties: ["file:content": Self.bare(digest: digest, length: blob.length)], for: fixture.bob)
                }
            }
            let children = try await fixture.repository.children(of: workspace, page: PageRequest(pageSize: 10), for: fixture.admin)
            #expect(children.documents.map(\.name).sorted() == ["contract", "mine"])
        }
    }

    @Test("a document's own blob echoed back on update is kept; with another length it is refused")
    func echoedBlobKept() async throws {
        try await Self.withAliceFile { fixture, _, file, blob in
            var renamed = blob
            renamed.name = "renamed.pdf"
            let updated = try await fixture.repository.update(
                file, properties: ["file:content": renamed.stored, "dc:description": "echoed"], for: fixture.alice
            )
            #expect(fixture.repository.blob(at: "file:content", of: updated) == renamed)
            await #expect(throws: RepositoryError.self) {
                _ = try await fixture.repository.update(
                    updated, properties: ["file:content": Self.bare(digest: blob.digest, length: blob.length + 1)], for: fixture.alice
                )
            }
        }
    }

    @Test("a blob the server stored for the request may be attached though no batch holds it")
    func serverBlobAttached() async throws {
        try await Self.withAliceFile { fixture, workspace, _, blob in
            let note = try await fixture.repository.create(type: "File", name: "attached", properties: [:], in: workspace, for: fixture.alice)
            let attached = try await fixture.repository.attach(blob, to: note, xpath: "files:files", for: fixture.alice)
            #expect(fixture.repository.blob(at: "files:files/0/file", of: attached) == blob)
        }
    }

    @Test("names with control characters are refused, whether given, derived from the title or given on a move")
    func controlCharactersInNames() async throws {
        try await RepositoryFixture.with { fixture in
            let workspace = try await fixture.workspace("names")
            let refusal = RepositoryError.invalid("a document name may not contain control characters (U+0000–U+001F, U+007F)")
            for character in ["\u{0}", "\u{1}", "\n", "\u{1F}", "\u{7F}"] {
                await #expect(throws: refusal) {
                    _ = try await fixture.repository.create(type: "Note", name: "a\(character)b", properties: [:], in: workspace, for: fixture.admin)
                }
                await #expect(throws: refusal) {
                    _ = try await fixture.repository.create(
                        type: "Note", name: nil, properties: ["dc:title": .string("t\(character)")], in: workspace, for: fixture.admin
                    )
                }
            }
            let note = try await fixture.repository.create(type: "Note", name: "plain", properties: [:], in: workspace, for: fixture.admin)
            await #expect(throws: refusal) {
                _ = try await fixture.repository.move(note, to: workspace, name: "re\u{0}named", for: fixture.admin)
            }
            // Other characters, spaces and non-ASCII letters included, stay allowed.
            let named = try await fixture.repository.create(type: "Note", name: "Ünïcode name", properties: [:], in: workspace, for: fixture.admin)
            #expect(named.name == "Ünïcode name")
        }
    }
}
