import Accounts
import ChanceryTestSupport
import Crypto
import Foundation
import Logging
import ServiceLifecycle
import Storage
import Testing

@testable import Signing

/// What the webhook tests share: a migrated database, a server key, documents, and a
/// deliverer that runs for the duration of a closure.
struct WebhookFixture: Sendable {
    let database: Database
    let secrets: WebhookSecrets
    let renderer: DocumentRenderer
    let hooks: WebhookStore
    let queue: WebhookDeliveryQueue

    /// Retries after 100 ms, doubling, for 30 s; loopback callbacks allowed.
    ///
    /// A request may take a minute: with the whole suite running on two cores, CPU-bound tests
    /// can keep a loopback connection from being made for tens of seconds, and an attempt that
    /// timed out would never reach the receiver a test waits on.
    static let fastPolicy = WebhookDeliveryPolicy(
        firstRetryDelay: .milliseconds(100), maximumRetryDelay: .seconds(2), retryPeriod: .seconds(30),
        requestTimeout: .seconds(60), pollInterval: .seconds(1), allowPrivateNetworks: true
    )

    /// Runs `body` over a fresh database with the Accounts and Signing tables.
    static func with(_ body: @Sendable (WebhookFixture) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all, SigningMigrations.all], logger: TestDatabase.logger)
            try await body(
                WebhookFixture(
                    database: database, secrets: WebhookSecrets(key: SymmetricKey(size: .bits256)),
                    renderer: DocumentRenderer(links: SigningLinks(key: SymmetricKey(size: .bits256))),
                    hooks: WebhookStore(database: database), queue: WebhookDeliveryQueue(database: database)
                ))
        }
    }

    /// A deliverer over the fixture's queue, whose retries are timed by `clock`.
    func deliverer(policy: WebhookDeliveryPolicy = fastPolicy, clock: OutboxClock = .system) -> WebhookDeliverer {
        WebhookDeliverer(database: database, secrets: secrets, policy: policy, clock: clock, logger: TestDatabase.logger)
    }

    /// An outbox that wakes `deliverer`.
    func outbox(waking deliverer: WebhookDeliverer) -> WebhookOutbox {
        WebhookOutbox(database: database, renderer: renderer, deliverer: deliverer, logger: TestDatabase.logger)
    }

    /// Stores a hook of `ownerID` for `callbackURL`.
    func addHook(ownerID: String = "owner-1", callbackURL: String, apiApplicationID: String? = nil) async throws -> Webhook {
        let hook = Webhook(
            id: UUID().uuidString.lowercased(), ownerID: ownerID, callbackURL: callbackURL, apiApplicationID: apiApplicationID, createdAt: Date()
        )
        try await hooks.insert(hook)
        return hook
    }

    /// Runs `deliverer` in a service group while `body` runs, then shuts it down gracefully
    /// and waits for it to stop.
    static func running<Result: Sendable>(_ deliverer: WebhookDeliverer, _ body: () async throws -> Result) async throws -> Result {
        try await whileRunning([deliverer]) { _ in try await body() }
    }

    /// A sent document of `ownerID` with two recipients.
    static func document(ownerID: String = "owner-1", apiApplicationID: String? = nil) -> SigningDocument {
        let now = Date()
        func recipient(_ id: String, _ name: String, _ email: String) -> DocumentRecipient {
            DocumentRecipient(
                id: id, name: name, email: email, sendEmail: false, sendEmailDelay: 0, signingOrder: Int(id) ?? 1,
                status: .sent, linkNonce: SigningLinks.makeNonce()
            )
        }
        return SigningDocument(
            id: UUID().uuidString.lowercased(), ownerID: ownerID, name: "Lease agreement", status: .sent, testMode: true,
            embeddedSigning: true, embeddedSigningNotifications: false, applySigningOrder: false, allowDecline: true,
            allowReassign: false, reminders: true, metadata: ["deal": "42"], labels: [], copiedContacts: [],
            attachmentRequests: [], checkboxGroups: [], withSignaturePage: false, textTags: false,
            apiApplicationID: apiApplicationID, templateIDs: [],
            files: [DocumentFile(name: "lease.pdf", pageCount: 1, firstPageIndex: 0, originalSHA256: String(repeating: "0", count: 64))],
            fields: [], recipients: [recipient("1", "Ada Lovelace", "ada@example.com"), recipient("2", "Charles Babbage", "charles@example.com")],
            pageSizes: [.init(width: 816, height: 1056)], auditPageIndex: 1, currentPDF: String(repeating: "0", count: 64),
            baseURL: "https://sign.example.com", events: [], createdAt: now, updatedAt: now, version: 1
        )
    }
}
