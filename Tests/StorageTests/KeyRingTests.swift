import ChanceryTestSupport
import Crypto
import Foundation
import Storage
import Testing

/// A key rotated in two steps (``KeyRing``): prepared, then promoted, each key accepted from the
/// step that brings it until the promotion after next.
@Suite struct KeyRingTests {
    static let name = "signing/link.key"

    static func bytes(_ key: SymmetricKey) -> Data {
        key.withUnsafeBytes { Data($0) }
    }

    static func load(_ directory: String) throws -> (current: Data, accepted: [Data]) {
        let ring = try KeyRing.load(in: directory, name: name, format: .symmetricKey256) { SymmetricKey(size: .bits256) }
        return (bytes(ring.current), ring.accepted.map(bytes))
    }

    static func rotate(_ directory: String) throws -> KeyRotationStep {
        try KeyRing.rotate(in: directory, name: name, format: .symmetricKey256) { SymmetricKey(size: .bits256) }
    }

    @Test func aKeyIsPreparedThenPromotedAndTheOneBeforeStaysAcceptedUntilTheNextPromotion() async throws {
        try await TemporaryDirectory.with { directory in
            let first = try Self.load(directory)
            #expect(first.accepted == [first.current])

            #expect(try Self.rotate(directory) == .prepared)
            let prepared = try Self.load(directory)
            #expect(prepared.current == first.current)
            #expect(prepared.accepted.count == 2)
            let second = try #require(prepared.accepted.last)
            #expect(second != first.current)
            #expect(FileManager.default.fileExists(atPath: directory + "/signing/link.next.key"))

            #expect(try Self.rotate(directory) == .promoted)
            let promoted = try Self.load(directory)
            #expect(promoted.current == second)
            #expect(promoted.accepted == [second, first.current])

            // The next rotation prepares a third key; its promotion drops the first.
            #expect(try Self.rotate(directory) == .prepared)
            #expect(try Self.rotate(directory) == .promoted)
            let again = try Self.load(directory)
            #expect(again.accepted.count == 2)
            #expect(again.accepted.last == second)
            #expect(!again.accepted.contains(first.current))
            #expect(FileManager.default.fileExists(atPath: directory + "/signing/link.previous.key"))
        }
    }

    @Test func thereIsNothingToRotateBeforeTheKeyExists() async throws {
        try await TemporaryDirectory.with { directory in
            #expect(throws: KeyFileError.self) { try Self.rotate(directory) }
            #expect(!FileManager.default.fileExists(atPath: directory + "/signing/link.next.key"))
        }
    }

    @Test func aDamagedNextKeyIsNotPromoted() async throws {
        try await TemporaryDirectory.with { directory in
            let first = try Self.load(directory)
            try Data("not a key".utf8).write(to: URL(fileURLWithPath: directory + "/signing/link.next.key"))
            #expect(throws: KeyFileError.self) { try Self.rotate(directory) }
            #expect(try KeyFile(directory: directory, name: Self.name).load(.bytes) == first.current)
        }
    }
}
