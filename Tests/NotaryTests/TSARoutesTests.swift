import Accounts
import ChanceryTestSupport
import Crypto
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Notary
import Storage
import SwiftASN1
import Testing
import TimeStamping

@Suite struct TSARoutesTests {
    static let query = HTTPFields([HTTPField(name: .contentType, value: "application/timestamp-query")])

    static func withTSA(_ body: @escaping @Sendable (any TestClientProtocol, TSAKeys, HTTPFields) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await TemporaryDirectory.with { directory in
                try await database.migrate([AccountsMigrations.all], logger: TestDatabase.logger)
                let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                try await accounts.createUser(name: "alice", password: "alice password")
                let key: HTTPFields = [.authorization: "app-token " + (try await accounts.createAPIKey(userName: "alice", label: "tsa").secret)]
                let keys = try TSAKeyFiles.loadOrCreate(in: directory + "/keys", commonName: "Test TSA")
                let router = Router(context: ChanceryRequestContext.self)
                router.add(middleware: ErrorMiddleware())
                try TSARoutes(accounts: accounts, authority: keys.authority(policy: TSARoutes.defaultPolicy), keys: keys).add(to: router)
                try await Application(router: router).test(.router) { client in try await body(client, keys, key) }
            }
        }
    }

    static func requestDER(for data: [UInt8]) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(TimeStampReq(messageImprint: MessageImprint(.sha256, digest: SHA256.hash(data: data)), certReq: true))
        return serializer.serializedBytes
    }

    @Test func keyFilesAreCreatedOnceWithPrivateKeysProtected() async throws {
        try await TemporaryDirectory.with { directory in
            let first = try TSAKeyFiles.loadOrCreate(in: directory, commonName: "Test TSA")
            for (name, mode) in [("tsa-root.key", 0o600), ("tsa.key", 0o600), ("tsa-root.pem", 0o600), ("tsa.pem", 0o600)] {
                let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + name)
                #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode, "\(name)")
            }
            let again = try TSAKeyFiles.loadOrCreate(in: directory, commonName: "Other")
            let roots = (try again.rootCertificatePEM, try first.rootCertificatePEM)
            let certificates = (try again.certificatePEM, try first.certificatePEM)
            #expect(roots.0 == roots.1)
            #expect(certificates.0 == certificates.1)
        }
    }

    @Test func timeStampsAQueryThatVerifiesAgainstThePublishedRoot() async throws {
        try await Self.withTSA { client, keys, key in
            let data = Array("the file".utf8)
            let reply = try await client.execute(
                uri: "/tsa", method: .post, headers: key.merging(Self.query), body: ByteBuffer(bytes: try Self.requestDER(for: data))
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/timestamp-reply")
                return Array(response.body.readableBytesView)
            }
            let info = try await TimeStampVerifier(trustedRoot: keys.rootCertificate).verify(
                responseDER: reply, dataDigest: Array(SHA256.hash(data: data)))
            #expect(Array(info.messageImprint.hashedMessage) == Array(SHA256.hash(data: data)))
            let rootPEM = try keys.rootCertificatePEM
            try await client.execute(uri: "/.well-known/chancery/tsa-root.pem", method: .get) { response in
                #expect(String(buffer: response.body) == rootPEM)
            }
        }
    }

    @Test func refusesWrongMediaTypesMissingCredentialsAndGarbage() async throws {
        try await Self.withTSA { client, _, key in
            let body = ByteBuffer(bytes: try Self.requestDER(for: [1, 2, 3]))
            try await client.execute(uri: "/tsa", method: .post, headers: key, body: body) { response in
                #expect(response.status == .unsupportedMediaType)
            }
            try await client.execute(uri: "/tsa", method: .post, headers: Self.query, body: body) { response in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(uri: "/tsa", method: .post, headers: key.merging(Self.query), body: ByteBuffer(string: "not DER")) { response in
                #expect(response.status == .ok)
                let reply = try TimeStampResp(derEncoded: response.body.readableBytesView)
                #expect(reply.status.status == .rejection)
                #expect(reply.timeStampToken == nil)
            }
        }
    }

    @Test func openSSLTimeStampsThroughTheEndpoint() async throws {
        try await Self.withTSA { client, keys, key in
            try await TemporaryDirectory.with { directory in
                let data = directory + "/data.txt"
                try Data("notarize me".utf8).write(to: URL(fileURLWithPath: data))
                try Data((try keys.rootCertificatePEM).utf8).write(to: URL(fileURLWithPath: directory + "/root.pem"))
                let made = try await Self.openssl(["ts", "-query", "-data", data, "-sha256", "-cert", "-out", directory + "/query.tsq"])
                #expect(made.status == 0)
                let query = try Data(contentsOf: URL(fileURLWithPath: directory + "/query.tsq"))
                let reply = try await client.execute(uri: "/tsa", method: .post, headers: key.merging(Self.query), body: ByteBuffer(bytes: query)) {
                    Data($0.body.readableBytesView)
                }
                try reply.write(to: URL(fileURLWithPath: directory + "/reply.tsr"))
                let verify = try await Self.openssl([
                    "ts", "-verify", "-data", data, "-in", directory + "/reply.tsr", "-CAfile", directory + "/root.pem",
                ])
                #expect(verify.status == 0)
                #expect(String(decoding: verify.output, as: UTF8.self).contains("Verification: OK"))
            }
        }
    }

    /// Runs `openssl` and returns its exit status and what it printed (output and errors).
    static func openssl(_ arguments: [String]) async throws -> (status: Int32, output: [UInt8]) {
        let result = try await Subprocess.run("/usr/bin/openssl", arguments, errors: .intoOutput)
        return (result.status, Array(result.output))
    }
}

extension HTTPFields {
    /// These fields with `other`'s appended.
    func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        merged.append(contentsOf: other)
        return merged
    }
}
