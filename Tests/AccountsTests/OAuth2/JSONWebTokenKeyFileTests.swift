import Accounts
import ChanceryTestSupport
import Foundation
import Storage
import Testing

@Suite struct JSONWebTokenKeyFileTests {
    struct Claims: Codable, Equatable {
        let sub: String
    }

    @Test func theKeyIsMadeOnceAndSurvivesAReload() async throws {
        try await TemporaryDirectory.with { directory in
            let keys = directory + "/keys"
            let first = try JSONWebTokenKey.loadOrCreate(in: keys)
            let path = keys + "/" + JSONWebTokenKey.fileName
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("-----BEGIN PRIVATE KEY-----"))
            let reloaded = try JSONWebTokenKey.loadOrCreate(in: keys)
            #expect(reloaded.id == first.id)
            #expect(try reloaded.verify(try first.sign(Claims(sub: "alice")), as: Claims.self) == Claims(sub: "alice"))
            // No temporary file is left behind.
            #expect(try FileManager.default.contentsOfDirectory(atPath: keys) == [JSONWebTokenKey.fileName])
        }
    }

    @Test func anUnreadableKeyFileIsAnErrorNotANewKey() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory + "/" + JSONWebTokenKey.fileName
            try "not a key".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: KeyFileError.self) { try JSONWebTokenKey.loadOrCreate(in: directory) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "not a key")
        }
    }
}
