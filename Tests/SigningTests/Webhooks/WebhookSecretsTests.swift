import ChanceryTestSupport
import Crypto
import Foundation
import Storage
import Testing

@testable import Signing

@Suite struct WebhookSecretsTests {
    @Test func theKeyFileIsMadeOnceWithOwnerOnlyPermissionsAndReused() async throws {
        try await TemporaryDirectory.with { keys in
            let first = try WebhookSecrets.loadOrCreate(in: keys)
            let path = keys + "/signing/webhook.key"
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect((attributes[.size] as? NSNumber)?.intValue == 32)
            let directory = try FileManager.default.attributesOfItem(atPath: keys + "/signing")
            #expect((directory[.posixPermissions] as? NSNumber)?.intValue == 0o700)
            #expect(try FileManager.default.contentsOfDirectory(atPath: keys + "/signing") == ["webhook.key"], "no temporary file is left")

            let again = try WebhookSecrets.loadOrCreate(in: keys)
            #expect(first.secret(ofHook: "hook-1") == again.secret(ofHook: "hook-1"))
        }
    }

    @Test func eachHookHasItsOwnSecretDerivedFromTheServerKey() throws {
        let keyBytes = Data((0..<32).map { UInt8($0) })
        let secrets = WebhookSecrets(key: SymmetricKey(data: keyBytes))
        let secret = secrets.secret(ofHook: "hook-1")
        let expected = HMAC<SHA256>.authenticationCode(for: Data("hook-1".utf8), using: SymmetricKey(data: keyBytes))
            .map { String(format: "%02x", $0) }.joined()
        #expect(secret == expected)
        #expect(secret.count == 64)
        #expect(secrets.secret(ofHook: "hook-2") != secret)
        #expect(WebhookSecrets(key: SymmetricKey(size: .bits256)).secret(ofHook: "hook-1") != secret)
    }

    @Test func aDamagedKeyFileIsAnErrorAndIsNotReplaced() async throws {
        try await TemporaryDirectory.with { keys in
            try FileManager.default.createDirectory(atPath: keys + "/signing", withIntermediateDirectories: true)
            let damaged = Data("short".utf8)
            #expect(FileManager.default.createFile(atPath: keys + "/signing/webhook.key", contents: damaged))
            #expect {
                _ = try WebhookSecrets.loadOrCreate(in: keys)
            } throws: { error in
                guard case KeyFileError.malformed(let path, _, let reason) = error else { return false }
                return path.hasSuffix("/signing/webhook.key") && reason.contains("5 bytes")
            }
            #expect(FileManager.default.contents(atPath: keys + "/signing/webhook.key") == damaged)
        }
    }

    @Test func signingLinksKeepTheirKeyAcrossStarts() async throws {
        try await TemporaryDirectory.with { keys in
            let nonce = SigningLinks.makeNonce()
            let token = try SigningLinks.loadOrCreate(in: keys).token(documentID: "doc", recipientIndex: 0, nonce: nonce)
            let reloaded = try SigningLinks.loadOrCreate(in: keys)
            #expect(reloaded.isValid(token, documentID: "doc", recipientIndex: 0, nonce: nonce))
            #expect(FileManager.default.contents(atPath: keys + "/signing/link.key")?.count == 32)
            _ = try WebhookSecrets.loadOrCreate(in: keys)
            let linkKey = FileManager.default.contents(atPath: keys + "/signing/link.key")
            #expect(linkKey != FileManager.default.contents(atPath: keys + "/signing/webhook.key"), "each purpose has its own key")
        }
    }

    @Test func concurrentStartsAgreeOnOneKey() async throws {
        try await TemporaryDirectory.with { keys in
            let secrets = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask { try WebhookSecrets.loadOrCreate(in: keys).secret(ofHook: "hook") }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(secrets.count == 1)
        }
    }
}
