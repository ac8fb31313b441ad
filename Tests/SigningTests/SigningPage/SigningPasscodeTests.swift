import Accounts
import ChanceryTestSupport
import Crypto
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing

@testable import Signing

/// Recipients' passcodes on the signing session, end to end over real storage and bcrypt: the
/// locked session, `…/unlock` and its proof, the lockout, and the proof on every other endpoint.
@Suite struct SigningPasscodeTests {
    static let unlockHeader = HTTPField.Name("X-Signing-Unlock")!

    static var recipients: [[String: Any]] {
        [
            ["id": "1", "name": "Jane Doe", "email": "jane@example.com", "passcode": "4711-open"],
            ["id": "2", "name": "John Roe", "email": "john@example.com", "passcode": "0815-open"],
            ["id": "3", "name": "Max Poe", "email": "max@example.com"],
        ]
    }

    static var fields: [[String: Any]] {
        [
            ["x": 72, "y": 600, "page": 1, "recipient_id": "1", "type": "signature"],
            ["x": 300, "y": 600, "page": 1, "recipient_id": "2", "type": "signature"],
            ["x": 72, "y": 680, "page": 1, "recipient_id": "3", "type": "signature"],
        ]
    }

    /// SigningTestApp's application, with the capability at hand to read what it stored.
    static func with(_ body: @escaping @Sendable (SigningTestApp, SigningCapability) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await TemporaryDirectory.with { directory in
                try await database.migrate([AccountsMigrations.all, SigningMigrations.all], logger: TestDatabase.logger)
                let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                try await accounts.createUser(name: "alice", password: "alice password")
                let alice: HTTPFields = [
                    HTTPField.Name("X-Api-Key")!: try await accounts.createAPIKey(userName: "alice", label: "signwell").secret,
                    .contentType: "application/json",
                ]
                let signing = try SigningCapability.open(
                    database: database, blobs: try await FileBlobStore(directory: directory + "/blobs"), accounts: accounts,
                    keysDirectory: directory + "/keys", notary: nil, timeStamper: nil, logger: TestDatabase.logger
                )
                let router = Router(context: ChanceryRequestContext.self)
                router.add(middleware: ErrorMiddleware(formats: SigningCapability.errorFormats))
                signing.addRoutes(to: router)
                try await Application(router: router).test(.router) { client in
                    try await body(SigningTestApp(client: client, alice: alice, bob: alice, accounts: accounts), signing)
                }
            }
        }
    }

    /// Creates the document of ``recipients`` and ``fields``; answers its id and the paths of the
    /// recipients' signing links.
    static func create(_ app: SigningTestApp, extra: [String: Any] = [:]) async throws -> (id: String, links: [String]) {
        let (status, json) = try await app.json(
            .post, "/signwell/api/v1/documents", headers: app.alice,
            body: SigningTestApp.createBody(recipients: recipients, fields: fields, extra: extra))
        #expect(status == .created)
        let document = try #require(json as? [String: Any])
        let links = try #require(document["recipients"] as? [[String: Any]]).compactMap { $0["embedded_signing_url"] as? String }
        #expect(links.count == 3)
        return (try #require(document["id"] as? String), links.map(SigningTestApp.path))
    }

    /// `POST {link}/unlock` with `passcode`: the status and the answer.
    static func unlock(_ app: SigningTestApp, _ link: String, _ passcode: String) async throws -> (status: HTTPResponse.Status, json: [String: Any]?)
    {
        let (status, json) = try await app.json(.post, link + "/unlock", body: ["passcode": passcode])
        return (status, json as? [String: Any])
    }

    /// The proof `POST {link}/unlock` answers for the right passcode.
    static func proof(_ app: SigningTestApp, _ link: String, _ passcode: String) async throws -> String {
        let (status, json) = try await unlock(app, link, passcode)
        #expect(status == .ok)
        return try #require(json?["unlock"] as? String)
    }

    /// Headers that carry `proof`.
    static func unlocked(_ proof: String) -> HTTPFields {
        [.contentType: "application/json", unlockHeader: proof]
    }

    /// The `state` of `GET {link}/session` with `headers`.
    static func state(_ app: SigningTestApp, _ link: String, headers: HTTPFields? = nil) async throws -> String? {
        let (status, json) = try await app.json(.get, link + "/session", headers: headers)
        #expect(status == .ok)
        return (json as? [String: Any])?["state"] as? String
    }

    @Test func aWrongPasscodeIsRefusedAndTheRightOneGivesAProofThatOpensTheSessionAndThePDF() async throws {
        try await Self.with { app, _ in
            let (id, links) = try await Self.create(app)

            let (lockedStatus, locked) = try await app.json(.get, links[0] + "/session")
            #expect(lockedStatus == .ok)
            let lockedSession = try #require(locked as? [String: Any])
            #expect(Set(lockedSession.keys) == ["state", "document_name", "recipient_name"])
            #expect(lockedSession["state"] as? String == "locked")
            #expect(lockedSession["document_name"] as? String == "Agreement")
            #expect(lockedSession["recipient_name"] as? String == "Jane Doe")
            #expect(try await app.bytes(links[0] + "/document.pdf", headers: [:]).status == .forbidden)

            let (wrong, refusal) = try await Self.unlock(app, links[0], "4711-opem")
            #expect(wrong == .forbidden)
            // The signing page's API layer shows `message` of SignWell's {message, meta} shape.
            #expect((refusal?["message"] as? String)?.contains("passcode") == true)
            #expect((refusal?["meta"] as? [String: Any])?["error"] as? String == "forbidden")

            let proof = try await Self.proof(app, links[0], "4711-open")
            let (_, session) = try await app.json(.get, links[0] + "/session", headers: Self.unlocked(proof))
            let unlockedSession = try #require(session as? [String: Any])
            #expect(unlockedSession["state"] as? String == "ready")
            #expect((unlockedSession["fields"] as? [Any])?.count == 1)
            let pdf = try await app.bytes(links[0] + "/document.pdf", headers: Self.unlocked(proof))
            #expect(pdf.status == .ok)
            #expect(pdf.type == "application/pdf")
            #expect(pdf.bytes.starts(with: Array("%PDF-".utf8)))

            // Only the unlocked session counts as a view.
            let (_, document) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            let statuses = try #require((document as? [String: Any])?["recipients"] as? [[String: Any]]).map { $0["status"] as? String }
            #expect(statuses == ["viewed", "sent", "sent"])

            // A recipient without a passcode needs no proof, and has nothing to unlock.
            #expect(try await Self.state(app, links[2]) == "ready")
            #expect(try await Self.unlock(app, links[2], "anything").status == .conflict)
        }
    }

    @Test func aProofOpensOnlyTheLinkItWasMadeFor() async throws {
        try await Self.with { app, _ in
            let (id, links) = try await Self.create(app)
            let janes = try await Self.proof(app, links[0], "4711-open")

            #expect(try await Self.state(app, links[1], headers: Self.unlocked(janes)) == "locked")
            #expect(try await app.bytes(links[1] + "/document.pdf", headers: Self.unlocked(janes)).status == .forbidden)
            #expect(try await Self.state(app, links[0], headers: Self.unlocked("4102444800.AAAAAAAAAAAAAAAAAAAAAA")) == "locked")
            #expect(try await Self.state(app, links[0], headers: Self.unlocked(janes + "x")) == "locked")

            // The sender changes Jane's email: her new link does not take the proof of the old one.
            let (updated, json) = try await app.json(
                .patch, "/signwell/api/v1/documents/\(id)/recipients", headers: app.alice,
                body: ["recipients": [["id": "1", "email": "jane.doe@example.com"]]])
            #expect(updated == .ok)
            let newLink = try #require(((json as? [String: Any])?["recipients"] as? [[String: Any]])?.first?["embedded_signing_url"] as? String)
            let newPath = SigningTestApp.path(of: newLink)
            #expect(newPath != links[0])
            #expect(try await Self.state(app, newPath, headers: Self.unlocked(janes)) == "locked")
            let renewed = try await Self.proof(app, newPath, "4711-open")
            #expect(try await Self.state(app, newPath, headers: Self.unlocked(renewed)) == "ready")
        }
    }

    @Test func theSenderChangesOrRemovesAPasscode() async throws {
        try await Self.with { app, _ in
            let (id, links) = try await Self.create(app)
            let old = try await Self.proof(app, links[0], "4711-open")
            let patch = "/signwell/api/v1/documents/\(id)/recipients"

            let (changed, _) = try await app.json(.patch, patch, headers: app.alice, body: ["recipients": [["id": "1", "passcode": "new-4711"]]])
            #expect(changed == .ok)
            #expect(try await Self.state(app, links[0], headers: Self.unlocked(old)) == "locked", "the old passcode's proof no longer opens")
            #expect(try await Self.unlock(app, links[0], "4711-open").status == .forbidden)
            #expect(try await Self.state(app, links[0], headers: Self.unlocked(try await Self.proof(app, links[0], "new-4711"))) == "ready")

            // Jane's link is the same; her passcode is gone, and so is the lock.
            let (removed, _) = try await app.json(.patch, patch, headers: app.alice, body: ["recipients": [["id": "1", "passcode": ""]]])
            #expect(removed == .ok)
            #expect(try await Self.state(app, links[0]) == "ready")
            #expect(try await Self.state(app, links[1]) == "locked", "John's passcode was not touched")
        }
    }

    @Test func aProofStopsWorkingWhenTheSignerHandsTheirPartOn() async throws {
        try await Self.with { app, _ in
            let (id, links) = try await Self.create(app)
            let proof = try await Self.proof(app, links[1], "0815-open")
            let handOn: [String: Any] = ["name": "Ann Lee", "email": "ann@example.com"]

            let (withoutProof, _) = try await app.json(.post, links[1] + "/reassign", body: handOn)
            #expect(withoutProof == .forbidden)
            let (reassigned, _) = try await app.json(.post, links[1] + "/reassign", headers: Self.unlocked(proof), body: handOn)
            #expect(reassigned == .ok)

            let (_, document) = try await app.json(.get, "/signwell/api/v1/documents/\(id)", headers: app.alice)
            let recipient = try #require(((document as? [String: Any])?["recipients"] as? [[String: Any]])?[1])
            #expect(recipient["email"] as? String == "ann@example.com")
            let newPath = SigningTestApp.path(of: try #require(recipient["embedded_signing_url"] as? String))
            #expect(try await Self.state(app, newPath, headers: Self.unlocked(proof)) == "locked")
            #expect(try await app.bytes(newPath + "/document.pdf", headers: Self.unlocked(proof)).status == .forbidden)
        }
    }

    @Test func theSixthWrongPasscodeInARowIsTooManyRequests() async throws {
        try await Self.with { app, _ in
            let (_, links) = try await Self.create(app)
            for attempt in 1...PasscodeAttempts.limit {
                #expect(try await Self.unlock(app, links[0], "guess \(attempt)").status == .forbidden, "attempt \(attempt)")
            }
            let (status, json) = try await app.client.execute(
                uri: links[0] + "/unlock", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"passcode": "4711-open"}"#)
            ) { response in
                (response.status, (response.headers[.retryAfter], try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))))
            }
            // Locked out: even the right passcode is not checked now.
            #expect(status == .tooManyRequests)
            let retryAfter = try #require(json.0.flatMap { Int($0) })
            #expect(retryAfter > 14 * 60 && retryAfter <= 15 * 60)
            #expect(((json.1 as? [String: Any])?["error"] as? String)?.contains("15 minutes") == true)
            // Another recipient's link is not locked out.
            #expect(try await Self.unlock(app, links[1], "0815-open").status == .ok)
        }
    }

    @Test func aRightPasscodeStartsTheCountAfresh() async throws {
        try await Self.with { app, _ in
            let (_, links) = try await Self.create(app)
            for _ in 1..<PasscodeAttempts.limit { #expect(try await Self.unlock(app, links[0], "wrong").status == .forbidden) }
            _ = try await Self.proof(app, links[0], "4711-open")
            for _ in 1..<PasscodeAttempts.limit { #expect(try await Self.unlock(app, links[0], "wrong").status == .forbidden) }
            #expect(try await Self.unlock(app, links[0], "4711-open").status == .ok)
        }
    }

    @Test func signingAndDecliningNeedTheProof() async throws {
        try await Self.with { app, _ in
            let (_, links) = try await Self.create(app)
            let submission = SignWellDocumentsTests.submission(values: [:])
            let (unsigned, refusal) = try await app.json(.post, links[0] + "/complete", body: submission)
            #expect(unsigned == .forbidden)
            #expect(((refusal as? [String: Any])?["message"] as? String)?.contains("passcode") == true)
            let (undeclined, _) = try await app.json(.post, links[0] + "/decline", body: ["reason": "No"])
            #expect(undeclined == .forbidden)

            let proof = try await Self.proof(app, links[0], "4711-open")
            let (signed, outcome) = try await app.json(.post, links[0] + "/complete", headers: Self.unlocked(proof), body: submission)
            #expect(signed == .ok)
            #expect((outcome as? [String: Any])?["state"] as? String == "signed")
            #expect(try await Self.state(app, links[0], headers: Self.unlocked(proof)) == "signed")
        }
    }

    @Test func thePasscodeIsStoredAsABcryptHashShownNowhereAndItsUseIsAudited() async throws {
        try await Self.with { app, signing in
            let (id, links) = try await Self.create(app)
            #expect(try await Self.unlock(app, links[0], "wrong").status == .forbidden)
            _ = try await Self.proof(app, links[0], "4711-open")

            let stored = try #require(try await signing.service.store.record(id: id))
            let hash = try #require(stored.recipients[0].passcodeHash)
            #expect(hash.hasPrefix("$2"))
            #expect(hash != SHA256.hash(data: Array("4711-open".utf8)).map { String(format: "%02x", $0) }.joined())
            #expect(try await PasswordHasher().verify("4711-open", hash: hash))
            #expect(stored.recipients[2].passcodeHash == nil)
            let janes = stored.events.filter { $0.recipientID == "1" }.map(\.kind)
            #expect(janes.suffix(2) == [.passcodeFailed, .passcodeVerified])

            let response = try await app.client.execute(uri: "/signwell/api/v1/documents/\(id)", method: .get, headers: app.alice) {
                String(buffer: $0.body)
            }
            #expect(!response.contains(hash) && !response.contains("passcode"))
        }
    }

    @Test func aLockoutEndsAfterItsPeriod() async throws {
        try await Self.withAttempts { attempts, _ throws in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            for _ in 1...PasscodeAttempts.limit { #expect(try await attempts.begin(on: "link", now: start) == nil) }
            #expect(try await attempts.begin(on: "link", now: start + 60) == start + PasscodeAttempts.lockout)
            #expect(try await attempts.begin(on: "other link", now: start) == nil)
            #expect(try await attempts.begin(on: "link", now: start + PasscodeAttempts.lockout) == nil)
        }
    }

    @Test func instancesOnOneDatabaseCountTogetherAndAQuietPeriodForgets() async throws {
        try await Self.withAttempts { first, second in
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            // Guesses spread over two instances, some at the same moment, all count.
            for attempt in 0..<PasscodeAttempts.limit - 1 {
                #expect(try await (attempt.isMultiple(of: 2) ? first : second).begin(on: "link", now: start + Double(attempt)) == nil)
            }
            async let one = first.begin(on: "link", now: start + 10)
            async let other = second.begin(on: "link", now: start + 10)
            let answers = try await [one, other]
            #expect(answers.filter { $0 == nil }.count == 1 && answers.contains(start + 10 + PasscodeAttempts.lockout))
            // A right passcode through one instance forgets the count for both.
            #expect(try await first.begin(on: "again", now: start) == nil)
            try await second.succeeded(on: "again")
            for _ in 1..<PasscodeAttempts.limit { #expect(try await first.begin(on: "again", now: start + 1) == nil) }
            // Without attempts for a whole period, the count starts afresh.
            let later = start + 1 + PasscodeAttempts.lockout + 1
            for _ in 1...PasscodeAttempts.limit { #expect(try await second.begin(on: "again", now: later) == nil) }
            #expect(try await first.begin(on: "again", now: later) == later + PasscodeAttempts.lockout)
        }
    }

    /// Two counters on one fresh database, as two instances have (each of its attempts on a
    /// connection of its own from the pool).
    private static func withAttempts(_ body: (PasscodeAttempts, PasscodeAttempts) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([SigningMigrations.all], logger: TestDatabase.logger)
            try await body(PasscodeAttempts(database: database), PasscodeAttempts(database: database))
        }
    }

    @Test func linksAndProofsOfEveryAcceptedLinkKeyWorkThroughARotation() {
        let old = SymmetricKey(size: .bits256)
        let new = SymmetricKey(size: .bits256)
        let before = SigningLinks(key: old)
        let promoted = SigningLinks(keys: KeyRing(current: new, others: [old]))
        let later = SigningLinks(keys: KeyRing(current: SymmetricKey(size: .bits256), others: [new]))
        let expiry = Date().addingTimeInterval(600)
        let oldLink = before.token(documentID: "d", recipientIndex: 0, nonce: "n")
        let newLink = promoted.token(documentID: "d", recipientIndex: 0, nonce: "n")
        #expect(oldLink != newLink)
        let oldProof = before.unlockProof(token: oldLink, nonce: "n", passcodeHash: "h", expiry: expiry)
        let oldFile = before.fileToken(documentID: "d", expiry: expiry, format: .pdf, auditPage: true)
        #expect(promoted.isValid(oldLink, documentID: "d", recipientIndex: 0, nonce: "n"))
        #expect(promoted.isValid(newLink, documentID: "d", recipientIndex: 0, nonce: "n"))
        #expect(promoted.isValidUnlockProof(oldProof, token: oldLink, nonce: "n", passcodeHash: "h"))
        #expect(promoted.fileGrant(oldFile)?.documentID == "d")
        // Another recipient, and the promotion after next, are refused.
        #expect(!promoted.isValid(oldLink, documentID: "d", recipientIndex: 1, nonce: "n"))
        #expect(!later.isValid(oldLink, documentID: "d", recipientIndex: 0, nonce: "n"))
        #expect(later.isValid(newLink, documentID: "d", recipientIndex: 0, nonce: "n"))
        #expect(!later.isValidUnlockProof(oldProof, token: oldLink, nonce: "n", passcodeHash: "h"))
        #expect(later.fileGrant(oldFile) == nil)
    }

    @Test func anUnlockProofExpires() {
        let links = SigningLinks(key: SymmetricKey(size: .bits256))
        let now = Date()
        let proof = links.unlockProof(
            token: "d.0.mac", nonce: "n", passcodeHash: "$2b$04$x", expiry: now.addingTimeInterval(SigningLinks.unlockLifetime))
        #expect(links.isValidUnlockProof(proof, token: "d.0.mac", nonce: "n", passcodeHash: "$2b$04$x", now: now))
        #expect(
            !links.isValidUnlockProof(
                proof, token: "d.0.mac", nonce: "n", passcodeHash: "$2b$04$x", now: now.addingTimeInterval(SigningLinks.unlockLifetime + 1)))
        #expect(!links.isValidUnlockProof(proof, token: "d.0.mac", nonce: "n", passcodeHash: "$2b$04$y", now: now))
        #expect(!links.isValidUnlockProof(proof, token: "d.0.mac", nonce: "m", passcodeHash: "$2b$04$x", now: now))
    }
}
