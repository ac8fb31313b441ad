import ChanceryTestSupport
import Crypto
import Foundation
import SQLKit
import Storage
import Testing

/// Instances of one deployment end up with the same keys through the database, sealed with
/// the key-encryption key, and nothing ever replaces a key an instance already has.
@Suite struct DeploymentKeysTests {
    /// Runs `body` with a migrated database, two empty keys directories and a fresh
    /// key-encryption key.
    static func with(_ body: (Database, String, String, SymmetricKey) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([DeploymentKeyMigrations.all], logger: TestDatabase.logger)
            try await TemporaryDirectory.with { first in
                try await TemporaryDirectory.with { second in
                    try await body(database, first + "/keys", second + "/keys", SymmetricKey(size: .bits256))
                }
            }
        }
    }

    /// What a capability does at start-up: load its key, or make one.
    static func loadOrCreate(_ name: String, in directory: String) throws -> Data {
        let key = try KeyFile(directory: directory, name: name).loadOrCreate(.symmetricKey256) { SymmetricKey(size: .bits256) }
        return key.withUnsafeBytes { Data($0) }
    }

    @Test func aSecondInstanceReceivesTheKeysTheFirstMade() async throws {
        try await Self.with { database, first, second, kek in
            let made = try await DeploymentKeys(database: database, directory: first, encryptionKey: kek).synchronize {
                (try Self.loadOrCreate("log.key", in: first), try Self.loadOrCreate("signing/link.key", in: first))
            }
            let received = try await DeploymentKeys(database: database, directory: second, encryptionKey: kek).synchronize {
                (try Self.loadOrCreate("log.key", in: second), try Self.loadOrCreate("signing/link.key", in: second))
            }
            #expect(received.0 == made.0)
            #expect(received.1 == made.1)
            let attributes = try FileManager.default.attributesOfItem(atPath: second + "/signing/link.key")
            #expect((attributes[.posixPermissions] as? Int) == 0o600)

            let sealed = try await database.withConnection { sql in
                try await sql.select().columns("name", "sealed").from("deployment_keys").orderBy("name").all()
            }
            #expect(try sealed.map { try $0.decode(column: "name", as: String.self) } == ["log.key", "signing/link.key"])
            let stored = try sealed.map { try $0.decode(column: "sealed", as: Data.self) }
            #expect(!stored.contains { $0.range(of: made.0) != nil || $0.range(of: made.1) != nil })
        }
    }

    @Test func aKeyMadeLaterByAnyInstanceReachesTheOthersAtTheirNextStart() async throws {
        try await Self.with { database, first, second, kek in
            let firstKeys = DeploymentKeys(database: database, directory: first, encryptionKey: kek)
            let secondKeys = DeploymentKeys(database: database, directory: second, encryptionKey: kek)
            _ = try await firstKeys.synchronize { try Self.loadOrCreate("log.key", in: first) }
            let added = try await secondKeys.synchronize { try Self.loadOrCreate("jwt.key", in: second) }
            let received = try await firstKeys.synchronize { try KeyFile(directory: first, name: "jwt.key").load(.bytes) }
            #expect(received == added)
        }
    }

    @Test func aLocalKeyThatDiffersStopsTheStartAndStaysAsItWas() async throws {
        try await Self.with { database, first, second, kek in
            _ = try await DeploymentKeys(database: database, directory: first, encryptionKey: kek).synchronize {
                try Self.loadOrCreate("log.key", in: first)
            }
            let own = try Self.loadOrCreate("log.key", in: second)
            var ran = false
            await #expect(throws: DeploymentKeysError.conflict(path: second + "/log.key", name: "log.key")) {
                try await DeploymentKeys(database: database, directory: second, encryptionKey: kek).synchronize { ran = true }
            }
            #expect(!ran)
            #expect(try KeyFile(directory: second, name: "log.key").load(.bytes) == own)
        }
    }

    @Test func aKeyRotatedByOneInstanceReachesTheOthersWithoutAConflict() async throws {
        try await Self.with { database, first, second, kek in
            let firstKeys = DeploymentKeys(database: database, directory: first, encryptionKey: kek)
            let secondKeys = DeploymentKeys(database: database, directory: second, encryptionKey: kek)
            let original = try await firstKeys.synchronize { try Self.loadOrCreate("seal.key", in: first) }
            #expect(try await secondKeys.synchronize { try Self.loadOrCreate("seal.key", in: second) } == original)
            // The first instance renews the key at its next start, as the seal is before it expires.
            let renewed = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
            try await firstKeys.synchronize { try KeyFile(directory: first, name: "seal.key").replace(with: renewed, as: .bytes) }
            // Both start again: each has the renewed key, and no start stops with a conflict.
            try await firstKeys.synchronize {}
            try await secondKeys.synchronize {}
            #expect(try KeyFile(directory: first, name: "seal.key").load(.bytes) == renewed)
            #expect(try KeyFile(directory: second, name: "seal.key").load(.bytes) == renewed)
            // A third instance that never had the key receives the renewed one.
            try await TemporaryDirectory.with { third in
                try await DeploymentKeys(database: database, directory: third + "/keys", encryptionKey: kek).synchronize {}
                #expect(try KeyFile(directory: third + "/keys", name: "seal.key").load(.bytes) == renewed)
            }
        }
    }

    @Test func eachStepOfAKeyRingsRotationReachesTheOtherInstancesAtTheirNextStart() async throws {
        try await Self.with { database, first, second, kek in
            let firstKeys = DeploymentKeys(database: database, directory: first, encryptionKey: kek)
            let secondKeys = DeploymentKeys(database: database, directory: second, encryptionKey: kek)
            @Sendable func ring(_ directory: String) throws -> [Data] {
                try KeyRing.load(in: directory, name: "link.key", format: .symmetricKey256) { SymmetricKey(size: .bits256) }
                    .accepted.map { $0.withUnsafeBytes { Data($0) } }
            }
            @Sendable func rotate(_ directory: String) throws -> KeyRotationStep {
                try KeyRing.rotate(in: directory, name: "link.key", format: .symmetricKey256) { SymmetricKey(size: .bits256) }
            }
            let original = try await firstKeys.synchronize { try ring(first) }
            #expect(try await secondKeys.synchronize { try ring(second) } == original)
            // `chancery keys rotate` takes each step in a directory of its own.
            try await TemporaryDirectory.with { tool in
                let toolKeys = DeploymentKeys(database: database, directory: tool + "/keys", encryptionKey: kek)
                #expect(try await toolKeys.synchronize { try rotate(tool + "/keys") } == .prepared)
                let prepared = try await secondKeys.synchronize { try ring(second) }
                #expect(prepared.count == 2 && prepared.first == original.first)
                #expect(try await firstKeys.synchronize { try ring(first) } == prepared)

                #expect(try await toolKeys.synchronize { try rotate(tool + "/keys") } == .promoted)
                let promoted = try await secondKeys.synchronize { try ring(second) }
                #expect(promoted == [prepared[1], prepared[0]])
                #expect(try await firstKeys.synchronize { try ring(first) } == promoted)
            }
        }
    }

    @Test func aKeyTwoRotationsBehindStillStopsTheStart() async throws {
        try await Self.with { database, first, second, kek in
            let firstKeys = DeploymentKeys(database: database, directory: first, encryptionKey: kek)
            _ = try await firstKeys.synchronize { try Self.loadOrCreate("seal.key", in: first) }
            let stale = try await DeploymentKeys(database: database, directory: second, encryptionKey: kek).synchronize {
                try KeyFile(directory: second, name: "seal.key").load(.bytes)
            }
            for _ in 1...2 {
                let renewed = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
                try await firstKeys.synchronize { try KeyFile(directory: first, name: "seal.key").replace(with: renewed, as: .bytes) }
            }
            await #expect(throws: DeploymentKeysError.conflict(path: second + "/seal.key", name: "seal.key")) {
                try await DeploymentKeys(database: database, directory: second, encryptionKey: kek).synchronize {}
            }
            #expect(try KeyFile(directory: second, name: "seal.key").load(.bytes) == stale)
        }
    }

    @Test func anotherKeyEncryptionKeyCannotOpenTheDeploymentsKeys() async throws {
        try await Self.with { database, first, second, kek in
            _ = try await DeploymentKeys(database: database, directory: first, encryptionKey: kek).synchronize {
                try Self.loadOrCreate("log.key", in: first)
            }
            await #expect(throws: DeploymentKeysError.cannotUnseal(name: "log.key")) {
                try await DeploymentKeys(database: database, directory: second, encryptionKey: SymmetricKey(size: .bits256)).synchronize {}
            }
            #expect(!FileManager.default.fileExists(atPath: second + "/log.key"))
        }
    }

    @Test func theKeyEncryptionKeyRotatesOneInstanceAtATime() async throws {
        try await Self.with { database, first, second, old in
            let made = try await DeploymentKeys(database: database, directory: first, encryptionKey: old).synchronize {
                (try Self.loadOrCreate("log.key", in: first), try Self.loadOrCreate("jwt.key", in: first))
            }
            let new = SymmetricKey(size: .bits256)
            // The first instance restarts with the new key and the previous one: it opens the
            // keys and seals them again with the new key.
            _ = try await DeploymentKeys(database: database, directory: first, encryptionKey: new, previousEncryptionKey: old).synchronize {}
            let sealed = try await database.withConnection { sql in
                try await sql.select().columns("name", "sealed").from("deployment_keys").orderBy("name").all()
            }
            for row in sealed {
                let name = try row.decode(column: "name", as: String.self)
                let box = try AES.GCM.SealedBox(combined: try row.decode(column: "sealed", as: Data.self))
                #expect(throws: (any Error).self) { try AES.GCM.open(box, using: old, authenticating: Data(name.utf8)) }
                #expect(try AES.GCM.open(box, using: new, authenticating: Data(name.utf8)).count > 0)
            }
            // A new instance with the new key alone receives the same keys; one with the old
            // key alone no longer opens them.
            let received = try await DeploymentKeys(database: database, directory: second, encryptionKey: new).synchronize {
                (try KeyFile(directory: second, name: "log.key").load(.bytes), try KeyFile(directory: second, name: "jwt.key").load(.bytes))
            }
            #expect(received.0 == made.0)
            #expect(received.1 == made.1)
            await #expect(throws: DeploymentKeysError.cannotUnseal(name: "jwt.key")) {
                try await DeploymentKeys(database: database, directory: first, encryptionKey: old).synchronize {}
            }
        }
    }

    @Test(.enabled(if: TestDatabase.engine == .postgres, "instances share a database on PostgreSQL only"))
    func instancesStartingTogetherAgreeOnOneKeyOfEachName() async throws {
        try await TestDatabase.with { database in
            try await database.migrate([DeploymentKeyMigrations.all], logger: TestDatabase.logger)
            let kek = SymmetricKey(size: .bits256)
            try await TemporaryDirectory.with { root in
                let keys = try await withThrowingTaskGroup(of: Data.self) { group in
                    for instance in 0..<4 {
                        let directory = "\(root)/instance-\(instance)/keys"
                        group.addTask {
                            try await DeploymentKeys(database: database, directory: directory, encryptionKey: kek).synchronize {
                                try Self.loadOrCreate("log.key", in: directory)
                            }
                        }
                    }
                    return try await group.reduce(into: Set<Data>()) { $0.insert($1) }
                }
                #expect(keys.count == 1)
            }
        }
    }

    @Test func readsTheKeyEncryptionKeyAsRawBytesOrBase64() async throws {
        try await TemporaryDirectory.with { directory in
            let raw = Data((0..<32).map { UInt8($0) })
            #expect(FileManager.default.createFile(atPath: directory + "/raw", contents: raw))
            #expect(FileManager.default.createFile(atPath: directory + "/text", contents: Data((raw.base64EncodedString() + "\n").utf8)))
            #expect(FileManager.default.createFile(atPath: directory + "/short", contents: Data(repeating: 1, count: 16)))
            let fromRaw = try KeyEncryptionKey.load(file: directory + "/raw")
            let fromText = try KeyEncryptionKey.load(file: directory + "/text")
            #expect(fromRaw == SymmetricKey(data: raw))
            #expect(fromText == SymmetricKey(data: raw))
            #expect(throws: DeploymentKeysError.self) { try KeyEncryptionKey.load(file: directory + "/short") }
            #expect(throws: DeploymentKeysError.invalidEncryptionKey(source: "X", reason: "it holds 3 bytes instead of 32")) {
                try KeyEncryptionKey.decode(base64: "AAAA", source: "X")
            }
        }
    }
}
