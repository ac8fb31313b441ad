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
import NotaryProof
import ServiceLifecycle
import Storage
import SwiftASN1
import Testing
import TimeStamping
import TransparencyLog
import X509

@Suite struct QEDRoutesTests {
    static let origin = "notary.test/log"
    static let fileHash = String(repeating: "9f", count: 32)

    struct Keys: Sendable {
        let alice: HTTPFields
        let bob: HTTPFields
        let admin: HTTPFields
        /// The chain that signs the reports' time-stamp tokens.
        let tsa: TSAKeys
        /// The key that verifies the log's checkpoints.
        let log: Ed25519NoteVerifier
    }

    /// Runs `body` against the QED routes over a fresh database with a running sequencer.
    static func withAPI(_ body: @escaping @Sendable (any TestClientProtocol, Keys, LogStore) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all, NotaryMigrations.all], logger: TestDatabase.logger)
            let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
            try await accounts.createUser(name: "alice", password: "alice password")
            try await accounts.createUser(name: "bob", password: "bob password")
            try await accounts.createUser(name: "root", password: "root password", groups: [Group.administrators])
            func appToken(_ user: String) async throws -> HTTPFields {
                [.authorization: "app-token " + (try await accounts.createAPIKey(userName: user, label: "qed").secret)]
            }
            let signer = try Ed25519NoteSigner(name: origin, privateKey: .init())
            let tsa = try TSAKeys.generate(commonName: "Test TSA")
            let keys = Keys(
                alice: try await appToken("alice"), bob: try await appToken("bob"), admin: try await appToken("root"),
                tsa: tsa, log: signer.verifier
            )
            let store = LogStore(database: database)
            try await SequencerTests.run(store: store, signer: signer) { sequencer in
                let router = Router(context: ChanceryRequestContext.self)
                router.add(middleware: ErrorMiddleware(formats: [QEDRoutes.errorFormat]))
                QEDRoutes(
                    accounts: accounts, sequencer: sequencer, database: database, logVerifier: signer.verifier,
                    timeStamps: try tsa.authority(policy: TSARoutes.defaultPolicy), tsaRootPEM: try tsa.rootCertificatePEM
                ).add(to: router)
                try await Application(router: router).test(.router) { client in try await body(client, keys, store) }
            }
        }
    }

    static func json(_ response: TestResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
    }

    /// Submits a report and returns its slug (empty when the server refused it).
    static func submit(_ client: any TestClientProtocol, _ headers: HTTPFields, hash: String = "DEADBEEF") async throws -> String {
        try await client.execute(uri: "/qed/v1/reports/", method: .post, headers: headers, body: report(hash: hash)) { response in
            json(response)["slug"] as? String ?? ""
        }
    }

    /// The lowercase hex SHA-256 of `bytes`.
    static func hexDigest(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    static func report(hash: String = "DEADBEEF", extra: [String: Any] = [:]) -> ByteBuffer {
        var fields: [String: Any] = [
            "hash": hash,
            "name": "My new apartment",
            "note": "This is so amazing.",
            "email": "tenant@example.com",
            "original_created_at": "2018-10-24T13:58:57.344Z",
            "provable_files": [["hash": fileHash, "file_name": "my-file.jpg"]],
            "meta_data": ["transaction": ["relationToProperty": "Tenant"], "id": 27563],
        ]
        fields.merge(extra) { $1 }
        return ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: fields))
    }

    @Test func aReportIsConfirmedAndProvableInTheLog() async throws {
        try await Self.withAPI { client, keys, store in
            let created = try await client.execute(uri: "/qed/v1/reports/", method: .post, headers: keys.alice, body: Self.report()) { response in
                #expect(response.status == .created)
                return Self.json(response)
            }
            let slug = try #require(created["slug"] as? String)
            #expect(created["status"] as? String == "confirmed")
            #expect(created["hash"] as? String == "deadbeef")
            #expect(created["name"] as? String == "My new apartment")
            let files = try #require(created["provable_files"] as? [[String: Any]])
            #expect(files.count == 1)
            #expect(files.first?["file_name"] as? String == "my-file.jpg")
            #expect((files.first?["slug"] as? String)?.count == 10)
            #expect((created["meta_data"] as? [String: Any])?["id"] as? Int == 27563)
            let tx = try #require(created["tx"] as? [String: Any])
            #expect(tx["network_name"] as? String == Self.origin)
            #expect((tx["network_id"] as? String)?.count == 8)
            #expect(tx["explorer_url"] as? String == "http://localhost/verify/\(slug)")
            let index = try #require(tx["block_height"] as? Int)
            let data = try #require(tx["data"] as? [String: Any])
            let size = try #require(data["checkpoint_size"] as? Int)
            let root = try #require(TreeHash(base64: data["checkpoint_root"] as? String ?? ""))

            // The log holds the entry the report describes, and it is provably in the checkpoint.
            let entryBytes = try #require(try await store.entries(in: index..<index + 1).first)
            let entry = try NotaryEntry(parsing: entryBytes)
            #expect(entry.slug == slug)
            #expect(entry.reportHash == "deadbeef")
            #expect(entry.digests == [Self.fileHash])
            #expect(TreeHash.leaf(entryBytes).hex == tx["hash"] as? String)
            let proof = try await store.inclusionProof(forLeafAt: index, treeSize: size)
            try InclusionProof.verify(leaf: .leaf(entryBytes), index: index, treeSize: size, proof: proof, root: root)
        }
    }

    @Test func aReportComesWithOfflineProofs() async throws {
        try await Self.withAPI { client, keys, _ in
            let file = Array("the file's content".utf8)
            let digest = Self.hexDigest(file)
            let slug = try await Self.submit(client, keys.alice, hash: digest)

            // The RFC 3161 reply time-stamps the report's hash, the file's SHA-256.
            let reply = try await client.execute(uri: "/qed/v1/reports/\(slug)/tsr", method: .get, headers: keys.alice) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/timestamp-reply")
                return Array(response.body.readableBytesView)
            }
            let info = try await TimeStampVerifier(trustedRoot: keys.tsa.rootCertificate).verify(
                responseDER: reply, dataDigest: Array(SHA256.hash(data: file)))
            #expect(Array(info.messageImprint.hashedMessage) == Array(SHA256.hash(data: file)))

            // The proof file proves the exact entry against a checkpoint the log key signed.
            let text = try await client.execute(uri: "/qed/v1/reports/\(slug)/proof", method: .get, headers: keys.alice) { response in
                #expect(response.status == .ok)
                return String(buffer: response.body)
            }
            let proof = try TLogProof(parsing: text)
            let entry = try NotaryEntry(parsing: try #require(proof.extra))
            #expect(entry.slug == slug)
            #expect(entry.reportHash == digest)
            try proof.verify(leaf: .leaf(try #require(proof.extra)), origin: Self.origin, verifiers: [keys.log])

            // Others see neither; a hash that is not a SHA-256 has no token.
            for artefact in ["tsr", "proof"] {
                try await client.execute(uri: "/qed/v1/reports/\(slug)/\(artefact)", method: .get, headers: keys.bob) { response in
                    #expect(response.status == .notFound)
                }
            }
            let short = try await Self.submit(client, keys.alice)
            try await client.execute(uri: "/qed/v1/reports/\(short)/tsr", method: .get, headers: keys.alice) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func theBundleHoldsEverythingNeededToVerifyOffline() async throws {
        try await Self.withAPI { client, keys, _ in
            let file = Array("bundled content".utf8)
            let digest = Self.hexDigest(file)
            let slug = try await Self.submit(client, keys.alice, hash: digest)
            let archive = try await client.execute(uri: "/qed/v1/reports/\(slug)/bundle", method: .get, headers: keys.alice) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/zip")
                return Data(response.body.readableBytesView)
            }
            try await TemporaryDirectory.with { directory in
                try archive.write(to: URL(fileURLWithPath: directory + "/bundle.zip"))
                // Python's zipfile checks every CRC while extracting: an independent reader.
                let unzip = try await Subprocess.run(
                    "/usr/bin/env", ["python3", "-m", "zipfile", "-e", directory + "/bundle.zip", directory + "/out"])
                #expect(unzip.status == 0, "\(unzip.errorsText)")
                func read(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: directory + "/out/" + name)) }

                let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/out").sorted()
                #expect(names == ["VERIFY.txt", "\(slug).tlog-proof", "\(slug).tsr", "log.vkey", "meta.json", "tsa-root.pem"].sorted())
                let verifier = try Ed25519NoteVerifier(
                    parsing: String(decoding: try read("log.vkey"), as: UTF8.self).trimmingCharacters(in: .newlines))
                let proof = try TLogProof(parsing: String(decoding: try read("\(slug).tlog-proof"), as: UTF8.self))
                let entryBytes = try #require(proof.extra)
                try proof.verify(leaf: .leaf(entryBytes), origin: Self.origin, verifiers: [verifier])
                let root = try Certificate(pemEncoded: String(decoding: try read("tsa-root.pem"), as: UTF8.self))
                _ = try await TimeStampVerifier(trustedRoot: root).verify(
                    responseDER: Array(try read("\(slug).tsr")), dataDigest: Array(SHA256.hash(data: file)))

                // The private metadata opens the entry's commitment.
                let meta = try #require(try JSONSerialization.jsonObject(with: try read("meta.json")) as? [String: Any])
                let metadata = try #require(Data(base64Encoded: meta["metadata"] as? String ?? ""))
                let salt = try #require(Data(base64Encoded: meta["salt"] as? String ?? ""))
                let entry = try NotaryEntry(parsing: entryBytes)
                #expect(Array(SHA256.hash(data: metadata + salt)) == entry.metadataCommitment)
                let fields = try #require(try JSONSerialization.jsonObject(with: metadata) as? [String: Any])
                #expect(fields["name"] as? String == "My new apartment")
                #expect(
                    String(decoding: try read("VERIFY.txt"), as: UTF8.self).contains(
                        "openssl ts -verify -data FILE -in \(slug).tsr -CAfile tsa-root.pem"))
            }
            try await client.execute(uri: "/qed/v1/reports/\(slug)/bundle", method: .get, headers: keys.bob) { response in
                #expect(response.status == .notFound)
            }

            // The offline verifier accepts the bundle with pinned anchors, and says what is wrong otherwise.
            let pinned = BundleVerifier(pinnedLogKey: keys.log.verifierKey, pinnedTSARoot: try keys.tsa.rootCertificatePEM)
            let fileDigest = Array(SHA256.hash(data: file))
            let good = await pinned.verify(fileDigest: fileDigest, archive: Array(archive))
            #expect(good.map(\.name) == ["file", "log", "metadata", "time"])
            let goodFailures = good.filter { !$0.passed }
            #expect(goodFailures.isEmpty, "\(good)")

            let otherFile = await pinned.verify(fileDigest: Array(SHA256.hash(data: Array("other".utf8))), archive: Array(archive))
            let otherFileFailures = otherFile.filter { !$0.passed }.map(\.name)
            #expect(otherFileFailures == ["file", "time"])

            let strangerLog = try Ed25519NoteSigner(name: Self.origin, privateKey: .init()).verifier.verifierKey
            let wrongKey = await BundleVerifier(pinnedLogKey: strangerLog, pinnedTSARoot: try keys.tsa.rootCertificatePEM)
                .verify(fileDigest: fileDigest, archive: Array(archive))
            let wrongKeyFailures = wrongKey.filter { !$0.passed }.map(\.name)
            #expect(wrongKeyFailures == ["log"])

            // Flip a byte of the first file's contents (after its 30-byte header and its name).
            var corrupted = Array(archive)
            corrupted[30 + "\(slug).tlog-proof".utf8.count + 5] ^= 0xFF
            let broken = await pinned.verify(fileDigest: fileDigest, archive: corrupted)
            let brokenFailures = broken.filter { !$0.passed }
            #expect(!brokenFailures.isEmpty)

            let unpinned = await BundleVerifier().verify(fileDigest: fileDigest, archive: Array(archive))
            let unpinnedFailures = unpinned.filter { !$0.passed }
            #expect(unpinnedFailures.isEmpty)
            #expect(unpinned.last?.name == "trust")
        }
    }

    @Test func reportsAreVisibleToTheirOwnerAndAdministratorsOnly() async throws {
        try await Self.withAPI { client, keys, _ in
            let slug = try await Self.submit(client, keys.alice)
            for (headers, status) in [(keys.alice, HTTPResponse.Status.ok), (keys.admin, .ok), (keys.bob, .notFound)] {
                try await client.execute(uri: "/qed/v1/reports/\(slug)", method: .get, headers: headers) { response in
                    #expect(response.status == status)
                    if status == .ok { #expect(Self.json(response)["slug"] as? String == slug) }
                    if status == .notFound { #expect(Self.json(response)["detail"] as? String == "Not found.") }
                }
            }
            try await client.execute(uri: "/qed/v1/reports/NoSuchSlug", method: .get, headers: keys.alice) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func aRevisionKeepsTheSlugAndAddsALogEntry() async throws {
        try await Self.withAPI { client, keys, store in
            let slug = try await Self.submit(client, keys.alice, hash: "ab12")
            let first = try await client.execute(uri: "/qed/v1/reports/\(slug)", method: .get, headers: keys.alice) { Self.json($0) }
            let firstIndex = try #require((first["tx"] as? [String: Any])?["block_height"] as? Int)

            let revision = Self.report(hash: "cd34", extra: ["name": "Renamed", "note": "second revision"])
            let revised = try await client.execute(uri: "/qed/v1/reports/\(slug)/", method: .put, headers: keys.alice, body: revision) { response in
                #expect(response.status == .ok)
                return Self.json(response)
            }
            #expect(revised["slug"] as? String == slug)
            #expect(revised["status"] as? String == "confirmed")
            #expect(revised["hash"] as? String == "cd34")
            #expect(revised["name"] as? String == "Renamed")
            let revisedIndex = try #require((revised["tx"] as? [String: Any])?["block_height"] as? Int)
            #expect(revisedIndex > firstIndex)

            // The report now shows the revision; both entries are in the log under the slug.
            let read = try await client.execute(uri: "/qed/v1/reports/\(slug)", method: .get, headers: keys.alice) { Self.json($0) }
            #expect(read["note"] as? String == "second revision")
            #expect((read["tx"] as? [String: Any])?["block_height"] as? Int == revisedIndex)
            for (index, hash) in [(firstIndex, "ab12"), (revisedIndex, "cd34")] {
                let entry = try NotaryEntry(parsing: try #require(try await store.entries(in: index..<index + 1).first))
                #expect(entry.slug == slug)
                #expect(entry.reportHash == hash)
            }
            // Lookups by hash follow the revision.
            let byOldHash = try await client.execute(uri: "/qed/v1/reports/?hash=ab12", method: .get, headers: keys.alice) { response in
                (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [[String: Any]] ?? [["unread": true]]
            }
            #expect(byOldHash.isEmpty)
        }
    }

    @Test func onlyTheOwnerRevisesAReport() async throws {
        try await Self.withAPI { client, keys, _ in
            let slug = try await Self.submit(client, keys.alice)
            try await client.execute(uri: "/qed/v1/reports/\(slug)/", method: .put, headers: keys.bob, body: Self.report(hash: "01")) { response in
                #expect(response.status == .notFound, "another member learns nothing of the report")
            }
            try await client.execute(uri: "/qed/v1/reports/\(slug)/", method: .put, headers: keys.admin, body: Self.report(hash: "01")) { response in
                #expect(response.status == .forbidden)
                #expect(Self.json(response)["detail"] as? String == "Only the user who made a report can revise it.")
            }
            try await client.execute(uri: "/qed/v1/reports/NoSuchSlug/", method: .put, headers: keys.alice, body: Self.report()) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/qed/v1/reports/\(slug)/", method: .put, headers: keys.alice, body: Self.report(hash: "xyz")) { response in
                #expect(response.status == .badRequest)
                #expect((Self.json(response)["hash"] as? [String])?.isEmpty == false)
            }
            let unchanged = try await client.execute(uri: "/qed/v1/reports/\(slug)", method: .get, headers: keys.alice) { Self.json($0) }
            #expect(unchanged["hash"] as? String == "deadbeef")
        }
    }

    @Test func concurrentRevisionsEndWithTheNewestEntry() async throws {
        try await Self.withAPI { client, keys, _ in
            let slug = try await Self.submit(client, keys.alice)
            let indexes = try await withThrowingTaskGroup(of: Int.self) { group in
                for number in 0..<6 {
                    group.addTask {
                        try await client.execute(
                            uri: "/qed/v1/reports/\(slug)/", method: .put, headers: keys.alice,
                            body: Self.report(hash: String(format: "%02x", number))
                        ) { response in
                            (Self.json(response)["tx"] as? [String: Any])?["block_height"] as? Int ?? -1
                        }
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(!indexes.contains(-1))
            let read = try await client.execute(uri: "/qed/v1/reports/\(slug)", method: .get, headers: keys.alice) { Self.json($0) }
            #expect((read["tx"] as? [String: Any])?["block_height"] as? Int == indexes.max())
        }
    }

    @Test func findsTheReportsOfAHashOldestFirst() async throws {
        try await Self.withAPI { client, keys, _ in
            var slugs: [String] = []
            for headers in [keys.alice, keys.alice, keys.bob] {
                let slug = try await Self.submit(client, headers, hash: "ab12")
                slugs.append(slug)
            }
            let aliceSees = try await client.execute(uri: "/qed/v1/reports/?hash=AB12", method: .get, headers: keys.alice) { response in
                (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [[String: Any]] ?? []
            }
            #expect(aliceSees.compactMap { $0["slug"] as? String } == Array(slugs.prefix(2)))
            let adminSees = try await client.execute(uri: "/qed/v1/reports/?hash=ab12", method: .get, headers: keys.admin) { response in
                (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [[String: Any]] ?? []
            }
            #expect(adminSees.compactMap { $0["slug"] as? String } == slugs)
            try await client.execute(uri: "/qed/v1/reports/", method: .get, headers: keys.alice) { response in
                #expect(response.status == .badRequest)
                #expect(Self.json(response)["hash"] as? [String] == ["This query parameter is required."])
            }
        }
    }

    @Test func badInputGetsAMessagePerField() async throws {
        try await Self.withAPI { client, keys, _ in
            let cases: [([String: Any], String)] = [
                (["hash": "xyz"], "hash"),
                (["hash": String(repeating: "ab", count: 33)], "hash"),
                (["original_created_at": "yesterday"], "original_created_at"),
                (["original_created_at": "2024-02-30T10:00:00Z"], "original_created_at"),
                (["original_created_at": "2023-02-29T10:00:00Z"], "original_created_at"),
                (["original_created_at": "2024-01-01T24:00:00Z"], "original_created_at"),
                (["provable_files": [["hash": "abcd", "file_name": "x"]]], "provable_files[0].hash"),
                (["provable_files": "none"], "provable_files"),
                (["email": "not an address"], "email"),
                (["name": String(repeating: "n", count: 256)], "name"),
            ]
            for (extra, field) in cases {
                try await client.execute(uri: "/qed/v1/reports/", method: .post, headers: keys.alice, body: Self.report(extra: extra)) { response in
                    #expect(response.status == .badRequest, "\(field)")
                    let messages = Self.json(response)[field] as? [String]
                    #expect(messages?.isEmpty == false, "\(field): \(String(buffer: response.body))")
                }
            }
            let empty = ByteBuffer(string: "{}")
            // Without the trailing slash the route is the same.
            try await client.execute(uri: "/qed/v1/reports", method: .post, headers: keys.alice, body: empty) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/qed/v1/reports/", method: .post, headers: keys.alice, body: empty) { response in
                let body = Self.json(response)
                for field in ["hash", "provable_files", "original_created_at"] {
                    #expect(body[field] as? [String] == ["This field is required."], "\(field)")
                }
            }
            try await client.execute(uri: "/qed/v1/reports/", method: .post, headers: keys.alice, body: ByteBuffer(string: "[1")) { response in
                #expect(response.status == .badRequest)
                #expect((Self.json(response)["detail"] as? String)?.contains("JSON") == true)
            }
            try await client.execute(uri: "/qed/v1/reports/", method: .post, body: Self.report()) { response in
                #expect(response.status == .unauthorized)
                #expect(Self.json(response)["detail"] as? String == "authentication required")
            }
        }
    }
}
