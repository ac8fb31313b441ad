import Accounts
import ChanceryServer
import ChanceryTestSupport
import Foundation
import Signing
import Storage
import Synchronization
import Testing

/// The repository's property indexes, the storage quotas and the keys that rotate, as an
/// administrator changes them.
@Suite struct AdministrationStorageTests {
    @Test func aPropertyIsIndexedOnceWithProgressAndTheIndexRemoved() async throws {
        try await AdministrationFixture.with { fixture in
            let administration = fixture.administration
            #expect(try await !administration.indexedProperties().contains { $0.property == "dc:source" })
            let reports = ProgressReports()
            #expect(try await administration.addIndex("dc:source") { reports.append($0) })
            #expect(!reports.all.isEmpty)
            #expect(reports.all.allSatisfy { !$0.phase.isEmpty })
            let indexed = try #require(try await administration.indexedProperties().first { $0.property == "dc:source" })
            #expect(!indexed.indexName.isEmpty)
            #expect(try await !administration.addIndex("dc:source"))
            #expect(try await administration.removeIndex("dc:source"))
            #expect(try await !administration.removeIndex("dc:source"))
            #expect(try await !administration.indexedProperties().contains { $0.property == "dc:source" })
        }
    }

    @Test func onlyPropertiesWithOneValuePerDocumentCanBeIndexed() throws {
        try Administration.validateIndexable("dc:source")
        try Administration.validateIndexable("file:content/name")
        #expect(throws: (any Error).self) { try Administration.validateIndexable("dc:subjects") }
        #expect(throws: (any Error).self) { try Administration.validateIndexable("nope:nothing") }
    }

    @Test func quotasAreSetForExistingSubjectsAndGovernTheirMembers() async throws {
        try await AdministrationFixture.with { fixture in
            let administration = fixture.administration
            await #expect(throws: AccountsError.userNotFound("nobody")) {
                try await administration.setQuota(StorageQuota(subject: .user("nobody"), bytes: 1))
            }
            await #expect(throws: AccountsError.groupNotFound("nobody")) {
                try await administration.setQuota(StorageQuota(subject: .group("nobody"), bytes: 1))
            }
            #expect(try await administration.quotas().isEmpty)
            #expect(try await administration.quotaUsage().isEmpty)

            try await administration.setQuota(StorageQuota(subject: .group("staff"), bytes: 1_000))
            try await administration.setQuota(StorageQuota(subject: .user("bob"), bytes: 5_000))
            let quotas = try await administration.quotas()
            #expect(Set(quotas) == [StorageQuota(subject: .group("staff"), bytes: 1_000), StorageQuota(subject: .user("bob"), bytes: 5_000)])
            let usage = try await administration.quotaUsage().sorted { $0.userName < $1.userName }
            #expect(usage.map { "\($0.userName) \($0.usedBytes) \($0.limitBytes ?? -1)" } == ["alice 0 1000", "bob 0 5000"])

            #expect(try await administration.clearQuota(.group("staff")))
            #expect(try await !administration.clearQuota(.group("staff")))
            #expect(try await administration.quotaUsage().map(\.userName) == ["bob"])
            let everyone = try await administration.quotaUsage(everyUser: true)
            #expect(Set(everyone.map(\.userName)).isSuperset(of: ["alice", "bob"]))
            #expect(everyone.filter { $0.limitBytes != nil }.map(\.userName) == ["bob"])
        }
    }

    @Test(arguments: RotatingServerKey.allCases)
    func aKeyRotatesInTwoStepsOnceTheServerHasMadeIt(_ key: RotatingServerKey) async throws {
        try await TemporaryDirectory.with { dataDirectory in
            #expect(throws: KeyFileError.self) { try key.rotate(inDataDirectory: dataDirectory) }
            let keysDirectory = ServerConfiguration.keysDirectory(in: dataDirectory)
            let currentFile: String
            switch key {
            case .oauth2Token:
                _ = try JSONWebTokenKey.loadRing(in: keysDirectory)
                currentFile = keysDirectory + "/oauth2-signing.pem"
            case .signingLinks:
                _ = try SigningLinks.loadOrCreate(in: keysDirectory)
                currentFile = keysDirectory + "/signing/link.key"
            }
            let before = try Data(contentsOf: URL(fileURLWithPath: currentFile))
            #expect(try key.rotate(inDataDirectory: dataDirectory) == .prepared)
            #expect(try Data(contentsOf: URL(fileURLWithPath: currentFile)) == before)
            #expect(try key.rotate(inDataDirectory: dataDirectory) == .promoted)
            #expect(try Data(contentsOf: URL(fileURLWithPath: currentFile)) != before)
        }
    }
}

/// The progress reports of an index build, collected from its callback.
private final class ProgressReports: Sendable {
    private let reports = Mutex<[Administration.IndexBuildProgress]>([])

    /// Records `progress`.
    func append(_ progress: Administration.IndexBuildProgress) {
        reports.withLock { $0.append(progress) }
    }

    /// Every report so far, in order.
    var all: [Administration.IndexBuildProgress] { reports.withLock { $0 } }
}
