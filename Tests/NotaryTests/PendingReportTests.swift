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
import ServiceLifecycle
import Storage
import Testing
import TimeStamping
import TransparencyLog

/// Reports accepted before they are logged (`Prefer: respond-async`): answered `pending` once
/// durable, readable as pending, and logged by the instance or, if it stopped first, by the
/// recovery of any instance.
@Suite struct PendingReportTests {
    static let respondAsync: HTTPFields = [HTTPField.Name("Prefer")!: "respond-async"]

    /// Two instances on a fresh database, neither of whose sequencers runs yet: the QED routes
    /// of the accepting one (nothing it accepts is logged until `body` runs its sequencer), and
    /// the pending report recovery of the other; with Alice's and Bob's app tokens.
    static func withTwoInstances(
        _ body:
            @escaping @Sendable (
                any TestClientProtocol, _ alice: HTTPFields, _ bob: HTTPFields, PendingReportRecovery, _ accepting: Sequencer, _ recovering: Sequencer
            ) async throws -> Void
    ) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all, NotaryMigrations.all], logger: TestDatabase.logger)
            let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
            try await accounts.createUser(name: "alice", password: "alice password")
            try await accounts.createUser(name: "bob", password: "bob password")
            func appToken(_ user: String) async throws -> HTTPFields {
                [.authorization: "app-token " + (try await accounts.createAPIKey(userName: user, label: "qed").secret)]
            }
            let alice = try await appToken("alice")
            let bob = try await appToken("bob")
            let signer = try Ed25519NoteSigner(name: QEDRoutesTests.origin, privateKey: .init())
            let tsa = try TSAKeys.generate(commonName: "Test TSA")
            let timeStamps = try tsa.authority(policy: TSARoutes.defaultPolicy)
            let sequencer = try await Sequencer(store: LogStore(database: database), signer: signer, logger: TestDatabase.logger)
            let recovering = try await Sequencer(store: LogStore(database: database), signer: signer, logger: TestDatabase.logger)
            let recovery = PendingReportRecovery(database: database, sequencer: recovering, timeStamps: timeStamps, logger: TestDatabase.logger)
            let router = Router(context: ChanceryRequestContext.self)
            router.add(middleware: ErrorMiddleware(formats: [QEDRoutes.errorFormat]))
            QEDRoutes(
                accounts: accounts, sequencer: sequencer, database: database, logVerifier: signer.verifier,
                timeStamps: timeStamps, tsaRootPEM: try tsa.rootCertificatePEM
            ).add(to: router)
            try await Application(router: router).test(.router) { client in
                try await body(client, alice, bob, recovery, sequencer, recovering)
            }
        }
    }

    /// Runs `sequencer` as a service while `body` runs, then shuts it down gracefully.
    static func running(_ sequencer: Sequencer, _ body: () async throws -> Void) async throws {
        let group = ServiceGroup(services: [sequencer], logger: TestDatabase.logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                try await body()
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    static func json(_ response: TestResponse) -> [String: Any] {
        QEDRoutesTests.json(response)
    }

    @Test func anAcceptedReportIsPendingUntilLoggedThenConfirmed() async throws {
        try await Self.withTwoInstances { client, alice, bob, recovery, accepting, recovering in
            var headers = alice
            headers.append(contentsOf: Self.respondAsync)
            let accepted = try await client.execute(uri: "/qed/v1/reports/", method: .post, headers: headers, body: QEDRoutesTests.report()) {
                response in
                #expect(response.status == .accepted)
                #expect(response.headers[HTTPField.Name("Preference-Applied")!] == "respond-async")
                return Self.json(response)
            }
            let slug = try #require(accepted["slug"] as? String)
            #expect(accepted["status"] as? String == "pending")
            #expect(accepted["name"] as? String == "My new apartment")
            let tx = try #require(accepted["tx"] as? [String: Any])
            let leafHash = try #require(tx["hash"] as? String)
            #expect(Array(tx.keys) == ["hash"], "a pending report has only the hash of its entry")

            // Nothing is logged yet: the report reads as pending, its proofs are not there yet,
            // and another member learns nothing.
            let read = try await client.execute(uri: "/qed/v1/reports/\(slug)", method: .get, headers: alice) { Self.json($0) }
            #expect(read["status"] as? String == "pending")
            try await client.execute(uri: "/qed/v1/reports/\(slug)/proof", method: .get, headers: alice) { response in
                #expect(response.status == .conflict)
                #expect((Self.json(response)["detail"] as? String)?.hasPrefix("The report is pending") == true)
            }
            for path in ["/qed/v1/reports/\(slug)", "/qed/v1/reports/\(slug)/proof"] {
                try await client.execute(uri: path, method: .get, headers: bob) { response in
                    #expect(response.status == .notFound)
                }
            }

            // As if the accepting instance had stopped: another instance's recovery logs it.
            try await Self.running(recovering) {
                #expect(try await recovery.logStaleReports(acceptedBefore: Date()) == 1)
                let confirmed = try await client.execute(uri: "/qed/v1/reports/\(slug)", method: .get, headers: alice) { Self.json($0) }
                #expect(confirmed["status"] as? String == "confirmed")
                let confirmedTx = try #require(confirmed["tx"] as? [String: Any])
                #expect(confirmedTx["hash"] as? String == leafHash, "logged as the entry the client was told")
                #expect(confirmedTx["block_height"] is Int)
                try await client.execute(uri: "/qed/v1/reports/\(slug)/proof", method: .get, headers: alice) { response in
                    #expect(response.status == .ok)
                }
                #expect(try await recovery.logStaleReports(acceptedBefore: Date()) == 0, "logging removed the pending report")
            }
            // The accepting instance's own logging, a second one, changes nothing.
            try await Self.running(accepting) {}
            let final = try await client.execute(uri: "/qed/v1/reports/\(slug)", method: .get, headers: alice) { Self.json($0) }
            #expect((final["tx"] as? [String: Any])?["hash"] as? String == leafHash)
            #expect(final["status"] as? String == "confirmed")
        }
    }

    @Test func aRevisionCanBePendingToo() async throws {
        try await Self.withTwoInstances { client, alice, _, recovery, accepting, recovering in
            try await Self.running(accepting) {
                try await Self.running(recovering) {
                    let slug = try await QEDRoutesTests.submit(client, alice, hash: "ab12")
                    var headers = alice
                    headers.append(contentsOf: Self.respondAsync)
                    let revision = QEDRoutesTests.report(hash: "cd34")
                    let accepted = try await client.execute(uri: "/qed/v1/reports/\(slug)/", method: .put, headers: headers, body: revision) {
                        response in
                        #expect(response.status == .accepted)
                        return Self.json(response)
                    }
                    #expect(accepted["slug"] as? String == slug)
                    #expect(accepted["status"] as? String == "pending")
                    #expect(accepted["hash"] as? String == "cd34")
                    // Logged by the accepting instance or by the recovery, whichever comes first.
                    _ = try await recovery.logStaleReports(acceptedBefore: Date())
                    let read = try await client.execute(uri: "/qed/v1/reports/\(slug)", method: .get, headers: alice) { Self.json($0) }
                    #expect(read["status"] as? String == "confirmed")
                    #expect(read["hash"] as? String == "cd34")
                }
            }
        }
    }
}
