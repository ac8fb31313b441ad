import ChanceryTestSupport
import Crypto
import Foundation
import Storage
import Testing

/// KeyFile: created whole and owner-only, never over an existing file, and an existing file
/// that is not a key is an error that leaves it alone.
@Suite struct KeyFileTests {
    static func mode(of path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test func createsTheFileOnceOwnerOnlyInAPrivateDirectoryWithNoTemporaryLeft() async throws {
        try await TemporaryDirectory.with { directory in
            let file = KeyFile(directory: directory + "/keys", name: "signing/link.key")
            let first = try file.loadOrCreate(.symmetricKey256) { SymmetricKey(size: .bits256) }
            #expect(try Self.mode(of: file.path) == 0o600)
            #expect(try Self.mode(of: directory + "/keys/signing") == 0o700)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/keys/signing") == ["link.key"])
            var madeAgain = false
            let again = try file.loadOrCreate(.symmetricKey256) {
                madeAgain = true
                return SymmetricKey(size: .bits256)
            }
            #expect(!madeAgain)
            #expect(again == first)
        }
    }

    @Test func createNeverOverwritesAnExistingFile() async throws {
        try await TemporaryDirectory.with { directory throws in
            let file = KeyFile(directory: directory, name: "device.key")
            let first = SymmetricKey(size: .bits256)
            #expect(try file.create(with: first, as: .symmetricKey256))
            #expect(try file.create(with: SymmetricKey(size: .bits256), as: .symmetricKey256) == false)
            #expect(try file.load(.symmetricKey256) == first)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["device.key"])
        }
    }

    @Test func aMissingFileIsNilAndAMalformedOneAnErrorThatLeavesItAlone() async throws {
        try await TemporaryDirectory.with { directory in
            let file = KeyFile(directory: directory, name: "device.key")
            #expect(try file.load(.symmetricKey256) == nil)
            let truncated = Data(repeating: 7, count: 16)
            try truncated.write(to: URL(fileURLWithPath: file.path))
            #expect {
                try file.loadOrCreate(.symmetricKey256) { SymmetricKey(size: .bits256) }
            } throws: { error in
                guard case KeyFileError.malformed(let path, _, let reason) = error else { return false }
                return path == file.path && reason.contains("16 bytes") && "\(error)".contains(file.path)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == truncated)
        }
    }

    @Test func anUnreadableFileIsAnErrorNotAbsent() async throws {
        try await TemporaryDirectory.with { directory in
            // A directory in the key's place cannot be read as a file, even by root; so cannot
            // a symbolic link to nothing.
            let file = KeyFile(directory: directory, name: "tsa.key")
            try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
            #expect(throws: KeyFileError.self) { try file.load(.pem("a PEM private key")) }
            let dangling = KeyFile(directory: directory, name: "log.key")
            try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: directory + "/nowhere")
            #expect {
                try dangling.loadOrCreate(.symmetricKey256) { SymmetricKey(size: .bits256) }
            } throws: { error in
                guard case KeyFileError.unreadable(let path, _) = error else { return false }
                return path == dangling.path
            }
            #expect(!FileManager.default.fileExists(atPath: directory + "/nowhere"))
        }
    }

    @Test func pemFilesMustHoldWholeBlocks() async throws {
        try await TemporaryDirectory.with { directory in
            let file = KeyFile(directory: directory, name: "tsa.pem")
            let format = KeyFileFormat<String>.pem("a PEM certificate")
            let whole = "-----BEGIN CERTIFICATE-----\nAAECAwQF\n-----END CERTIFICATE-----\n"
            #expect(try file.create(with: whole, as: format))
            #expect(try file.load(format) == whole)
            let cut = String(whole.prefix(40))
            try Data(cut.utf8).write(to: URL(fileURLWithPath: file.path))
            #expect(throws: KeyFileError.self) { try file.load(format) }
            try Data("garbage".utf8).write(to: URL(fileURLWithPath: file.path))
            #expect(throws: KeyFileError.self) { try file.load(format) }
        }
    }

    @Test func replaceSwapsTheWholeFile() async throws {
        try await TemporaryDirectory.with { directory in
            let file = KeyFile(directory: directory, name: "seal.key")
            let format = KeyFileFormat<String>.pem("a PEM private key")
            let old = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
            let new = "-----BEGIN PRIVATE KEY-----\nBBBB\n-----END PRIVATE KEY-----\n"
            try file.create(with: old, as: format)
            try file.replace(with: new, as: format)
            #expect(try file.load(format) == new)
            #expect(try Self.mode(of: file.path) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["seal.key"])
        }
    }
}
