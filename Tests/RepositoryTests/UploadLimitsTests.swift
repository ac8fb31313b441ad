import Accounts
import Foundation
import HTTPSupport
import JSON
import NIOCore
import Repository
import Storage
import Testing

@Suite("Upload limits")
struct UploadLimitsTests {
    private static func bytes(_ count: Int) -> AsyncStreamOf {
        AsyncStreamOf([ByteBuffer(repeating: 0x61, count: count)])
    }

    private static func part(_ index: Int = 0, chunk: (Int, Int)? = nil, totalSize: Int64? = nil) -> UploadBatches.Part {
        .init(fileIndex: index, name: "data.bin", declaredType: nil, totalSize: totalSize, chunk: chunk)
    }

    @Test("the per-file cap holds across chunks, and a refused chunk takes the file's earlier chunks with it")
    func capAcrossChunks() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = Repository(database: fixture.repository.database, blobs: fixture.repository.blobs, maxUploadBytes: 100)
            let owner = fixture.alice.principal
            let batch = try await repository.uploads.create(for: owner)
            await #expect(throws: RepositoryError.fileTooLarge(limit: 100)) {
                _ = try await repository.uploads.upload(Self.part(), body: Self.bytes(101), batchID: batch, owner: owner)
            }
            #expect(try await repository.uploads.files(of: batch, owner: owner) == [])
            _ = try await repository.uploads.upload(Self.part(chunk: (0, 3)), body: Self.bytes(60), batchID: batch, owner: owner)
            await #expect(throws: RepositoryError.fileTooLarge(limit: 100)) {
                _ = try await repository.uploads.upload(Self.part(chunk: (1, 3)), body: Self.bytes(60), batchID: batch, owner: owner)
            }
            #expect(try await repository.uploads.files(of: batch, owner: owner) == [])
            #expect(try await repository.uploadLimits.usage(userName: "alice", userID: owner.userID) == 0)
            await #expect(throws: RepositoryError.fileTooLarge(limit: 100)) {
                _ = try await repository.uploads.upload(Self.part(totalSize: 101), body: Self.bytes(1), batchID: batch, owner: owner)
            }
            let whole = try await repository.uploads.upload(Self.part(), body: Self.bytes(100), batchID: batch, owner: owner)
            #expect(whole.isComplete && whole.size == 100)
        }
    }

    @Test("a user's quota, or else the largest of their groups', refuses what would go past it; usage counts batches and created documents")
    func quotas() async throws {
        try await RepositoryFixture.with { fixture in
            let repository = fixture.repository
            let quotas = StorageQuotas(database: repository.database)
            let owner = fixture.alice.principal
            try await quotas.set(StorageQuota(subject: .group("members"), bytes: 150))
            try await quotas.set(StorageQuota(subject: .group("others"), bytes: 10))
            #expect(try await quotas.limit(forUser: "alice", groups: ["members", "others"]) == 150)
            let batch = try await repository.uploads.create(for: owner)
            _ = try await repository.uploads.upload(Self.part(0), body: Self.bytes(100), batchID: batch, owner: owner)
            await #expect(throws: RepositoryError.quotaExceeded(limit: 150)) {
                _ = try await repository.uploads.upload(Self.part(1), body: Self.bytes(51), batchID: batch, owner: owner)
            }
            #expect(try await repository.uploads.files(of: batch, owner: owner)?.map(\.size) == [100])

            // A document made from the batch counts too, for its creator.
            var workspace = try await fixture.workspace("quota")
            workspace = try await repository.addPermissions(
                [AccessControlEntry(principal: "alice", permission: "ReadWrite", isGranted: true)], to: workspace, for: fixture.admin
            )
            _ = try await repository.create(
                type: "File", name: "f", properties: ["file:content": .object(["upload-batch": .string(batch)])], in: workspace, for: fixture.alice
            )
            #expect(try await repository.uploadLimits.usage(userName: "alice", userID: owner.userID) == 200)
            _ = try await repository.uploads.drop(batch, owner: owner)
            #expect(try await repository.uploadLimits.usage(userName: "alice", userID: owner.userID) == 100)

            try await quotas.set(StorageQuota(subject: .user("alice"), bytes: 1000))
            let second = try await repository.uploads.create(for: owner)
            _ = try await repository.uploads.upload(Self.part(), body: Self.bytes(500), batchID: second, owner: owner)
            #expect(try await quotas.clear(.user("alice")))
            #expect(
                try await quotas.all() == [StorageQuota(subject: .group("members"), bytes: 150), StorageQuota(subject: .group("others"), bytes: 10)])
        }
    }
}
