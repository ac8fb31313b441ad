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
import Storage
import Testing
import TimeStamping
import TransparencyLog

@Suite struct VerifyRoutesTests {
    /// The report fields the verify routes must never show (see `QEDRoutesTests.report`).
    static let privateValues = ["My new apartment", "This is so amazing.", "tenant@example.com", "my-file.jpg", "relationToProperty", "27563"]

    /// Runs `body` against the QED and verify routes over a fresh database with a running
    /// sequencer; it gets alice's QED credentials and the log's verifier key.
    static func withRoutes(_ body: @escaping @Sendable (any TestClientProtocol, HTTPFields, Ed25519NoteVerifier) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all, NotaryMigrations.all], logger: TestDatabase.logger)
            let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
            try await accounts.createUser(name: "alice", password: "alice password")
            let alice: HTTPFields = [.authorization: "app-token " + (try await accounts.createAPIKey(userName: "alice", label: "qed").secret)]
            let signer = try Ed25519NoteSigner(name: QEDRoutesTests.origin, privateKey: .init())
            let tsa = try TSAKeys.generate(commonName: "Test TSA")
            try await SequencerTests.run(store: LogStore(database: database), signer: signer) { sequencer in
                let router = Router(context: ChanceryRequestContext.self)
                router.add(middleware: ErrorMiddleware(formats: [QEDRoutes.errorFormat]))
                QEDRoutes(
                    accounts: accounts, sequencer: sequencer, database: database, logVerifier: signer.verifier,
                    timeStamps: try tsa.authority(policy: TSARoutes.defaultPolicy), tsaRootPEM: try tsa.rootCertificatePEM
                ).add(to: router)
                VerifyRoutes(database: database, logVerifier: signer.verifier).add(to: router)
                try await Application(router: router).test(.router) { client in try await body(client, alice, signer.verifier) }
            }
        }
    }

    /// Submits a report (with every private field set) and returns the QED resource.
    static func submit(_ client: any TestClientProtocol, _ headers: HTTPFields, hash: String) async throws -> [String: Any] {
        try await client.execute(uri: "/qed/v1/reports/", method: .post, headers: headers, body: QEDRoutesTests.report(hash: hash)) { response in
            #expect(response.status == .created)
            return QEDRoutesTests.json(response)
        }
    }

    @Test func theJSONHasTheLoggedFactsAndAProofButNothingPrivate() async throws {
        try await Self.withRoutes { client, alice, logKey in
            let digest = QEDRoutesTests.hexDigest(Array("verified content".utf8))
            let created = try await Self.submit(client, alice, hash: digest)
            let slug = try #require(created["slug"] as? String)
            let tx = try #require(created["tx"] as? [String: Any])
            let txData = try #require(tx["data"] as? [String: Any])

            let (body, facts) = try await client.execute(uri: "/verify/\(slug).json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                return (String(buffer: response.body), QEDRoutesTests.json(response))
            }
            #expect(
                Set(facts.keys) == [
                    "slug", "status", "hash", "file_hashes", "received_at", "logged_at", "log_origin", "log_key", "log_index",
                    "leaf_hash", "checkpoint_size", "checkpoint_root", "proof",
                ])
            #expect(facts["slug"] as? String == slug)
            #expect(facts["status"] as? String == "confirmed")
            #expect(facts["hash"] as? String == digest)
            #expect(facts["file_hashes"] as? [String] == [QEDRoutesTests.fileHash])
            #expect(facts["log_origin"] as? String == QEDRoutesTests.origin)
            #expect(facts["log_key"] as? String == logKey.verifierKey)
            #expect(facts["log_index"] as? Int == tx["block_height"] as? Int)
            #expect(facts["leaf_hash"] as? String == tx["hash"] as? String)
            #expect(facts["logged_at"] as? String == tx["block_time"] as? String)
            #expect(facts["checkpoint_size"] as? Int == txData["checkpoint_size"] as? Int)
            #expect(facts["checkpoint_root"] as? String == txData["checkpoint_root"] as? String)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let received = try #require(formatter.date(from: facts["received_at"] as? String ?? ""))
            #expect(abs(received.timeIntervalSinceNow) < 60)

            // The proof is the owner's proof file, and it proves the very entry the facts come from.
            let proof = try TLogProof(parsing: try #require(facts["proof"] as? String))
            let entryBytes = try #require(proof.extra)
            try proof.verify(leaf: .leaf(entryBytes), origin: QEDRoutesTests.origin, verifiers: [logKey])
            let entry = try NotaryEntry(parsing: entryBytes)
            #expect(entry.slug == slug)
            #expect(Int64(received.timeIntervalSince1970 * 1000) == entry.receivedMilliseconds)
            let ownersProof = try await client.execute(uri: "/qed/v1/reports/\(slug)/proof", method: .get, headers: alice) { response in
                String(buffer: response.body)
            }
            #expect(facts["proof"] as? String == ownersProof)

            for value in Self.privateValues {
                #expect(!body.contains(value), "\(value) is private")
            }
        }
    }

    @Test func theReportPageIsPublicHTMLUnderAStrictPolicy() async throws {
        try await Self.withRoutes { client, alice, logKey in
            let created = try await Self.submit(client, alice, hash: QEDRoutesTests.hexDigest(Array("page content".utf8)))
            let slug = try #require(created["slug"] as? String)
            let index = try #require((created["tx"] as? [String: Any])?["block_height"] as? Int)
            let (page, policy) = try await client.execute(uri: "/verify/\(slug)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                return (String(buffer: response.body), response.headers[.contentSecurityPolicy] ?? "")
            }
            #expect(policy.contains("default-src 'none'"))
            #expect(policy.contains("script-src 'self'"))
            #expect(!policy.contains("unsafe"))
            #expect(page.contains("<span id=\"log-index\">\(index)</span>"))
            #expect(page.contains(QEDRoutesTests.fileHash))
            #expect(page.contains(logKey.verifierKey))
            #expect(page.contains("data-report=\"/verify/\(slug).json\""))
            #expect(!page.contains("<script>") && !page.contains("style="), "nothing inline, as the policy requires")
            for value in Self.privateValues {
                #expect(!page.contains(value), "\(value) is private")
            }
        }
    }

    @Test func unknownReportsGet404s() async throws {
        try await Self.withRoutes { client, _, _ in
            try await client.execute(uri: "/verify/NoSuchSlug", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.contentSecurityPolicy] != nil)
                #expect(String(buffer: response.body).contains("No report here"))
            }
            try await client.execute(uri: "/verify/NoSuchSlug.json", method: .get) { response in
                #expect(response.status == .notFound)
                let error = QEDRoutesTests.json(response)["error"] as? [String: Any]
                #expect(error?["status"] as? Int == 404)
            }
        }
    }

    @Test func theLookupListsTheReportsOfAHashOldestFirst() async throws {
        try await Self.withRoutes { client, alice, _ in
            let digest = QEDRoutesTests.hexDigest(Array("looked up".utf8))
            let first = try #require(try await Self.submit(client, alice, hash: digest)["slug"] as? String)
            _ = try await Self.submit(client, alice, hash: QEDRoutesTests.hexDigest(Array("another file".utf8)))
            let second = try #require(try await Self.submit(client, alice, hash: digest)["slug"] as? String)

            // No credentials, and upper-case hex works too.
            let (body, found) = try await client.execute(uri: "/verify/lookup?hash=\(digest.uppercased())", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                return (String(buffer: response.body), QEDRoutesTests.json(response))
            }
            #expect(found["hash"] as? String == digest)
            #expect(found["truncated"] as? Bool == false)
            let reports = try #require(found["reports"] as? [[String: Any]])
            #expect(reports.map { $0["slug"] as? String } == [first, second])
            #expect(reports.map { $0["url"] as? String } == ["/verify/\(first)", "/verify/\(second)"])
            let indexes = reports.compactMap { $0["log_index"] as? Int }
            #expect(indexes.count == 2 && indexes[0] < indexes[1])
            #expect(Set(reports[0].keys) == ["slug", "url", "log_index", "logged_at"])
            for value in Self.privateValues {
                #expect(!body.contains(value), "\(value) is private")
            }

            let unknown = String(repeating: "0", count: 64)
            try await client.execute(uri: "/verify/lookup?hash=\(unknown)", method: .get) { response in
                #expect(response.status == .ok)
                #expect((QEDRoutesTests.json(response)["reports"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test(arguments: ["", "?hash=", "?hash=abc", "?hash=" + String(repeating: "g", count: 64), "?hash=" + String(repeating: "a", count: 66)])
    func theLookupRefusesAnythingButASHA256(query: String) async throws {
        try await Self.withRoutes { client, _, _ in
            try await client.execute(uri: "/verify/lookup\(query)", method: .get) { response in
                #expect(response.status == .badRequest)
                let error = QEDRoutesTests.json(response)["error"] as? [String: Any]
                #expect((error?["fields"] as? [String: Any])?["hash"] != nil)
            }
        }
    }

    @Test func theLookupPageAndItsAssetsAreServedUnderThePolicy() async throws {
        try await Self.withRoutes { client, alice, _ in
            let slug = try #require(try await Self.submit(client, alice, hash: "cafe")["slug"] as? String)
            let reportPage = try await client.execute(uri: "/verify/\(slug)", method: .get) { String(buffer: $0.body) }
            let page = try await client.execute(uri: "/verify", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
                return String(buffer: response.body)
            }
            #expect(page.contains("<label for=\"file\">"))
            #expect(page.contains("<input type=\"file\" id=\"file\">"))
            #expect(page.contains("aria-live=\"polite\""))

            // Every asset a page or a module names is served, with its type and nosniff.
            var pending = Self.assetNames(in: page + reportPage, pattern: #"/verify/assets/([a-z0-9.-]+)"#)
            var served: Set<String> = []
            while let name = pending.popFirst() {
                guard served.insert(name).inserted else { continue }
                let text = try await client.execute(uri: "/verify/assets/\(name)", method: .get) { response in
                    #expect(response.status == .ok, "\(name)")
                    #expect(response.headers[.contentType] == (name.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"))
                    #expect(response.headers[.xContentTypeOptions] == "nosniff")
                    return String(buffer: response.body)
                }
                pending.formUnion(Self.assetNames(in: text, pattern: #"from "\./([a-z0-9-]+\.js)""#))
            }
            #expect(served == ["verify.css", "lookup-page.js", "report-page.js", "file-picker.js", "sha256.js", "tlog.js", "notary-entry.js"])
        }
    }

    /// The first capture group of each match of `pattern` in `text`.
    static func assetNames(in text: String, pattern: String) -> Set<String> {
        let expression = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            expression.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
    }
}
