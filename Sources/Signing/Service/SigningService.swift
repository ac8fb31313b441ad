import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Logging
import NIOCore
import NotaryProof
import PDFSigning
import Storage

/// The Signing capability's domain operations: documents from their creation to their sealed,
/// notarized PDF. The SignWell API and the signing page are thin layers over it.
///
/// Every change to a document runs under its lock and is stored with a version check, then
/// announced to the webhooks.
public struct SigningService: Sendable {
    let store: DocumentStore
    let blobs: any BlobStore
    let intake: DocumentIntake
    let keys: SigningKeys
    let links: SigningLinks
    let notary: (any Notarizing)?
    /// Adds an RFC 3161 time-stamp to the platform seal (PAdES B-T), when there is one.
    let timeStamper: (any SignatureTimeStamper)?
    let webhooks: WebhookOutbox
    /// Mails recipients their requests to sign and reminders.
    let mail: SigningMail
    let logger: Logger
    /// Hashes recipients' passcodes and checks them (bcrypt, off the async executors).
    let passwords: PasswordHasher
    let locks = DocumentLocks()
    /// Wrong passcodes per signing link, for the lockout.
    var passcodeAttempts: PasscodeAttempts { PasscodeAttempts(database: store.database) }

    /// Creates the service.
    ///
    /// - Parameter passwords: Hashes and checks recipients' passcodes; the capability passes
    ///   the account store's, so that tests and the server choose one bcrypt cost for both.
    init(
        store: DocumentStore, blobs: any BlobStore, intake: DocumentIntake, keys: SigningKeys, links: SigningLinks,
        notary: (any Notarizing)?, timeStamper: (any SignatureTimeStamper)?, webhooks: WebhookOutbox, mail: SigningMail = .disabled,
        logger: Logger, passwords: PasswordHasher
    ) {
        self.store = store
        self.blobs = blobs
        self.intake = intake
        self.keys = keys
        self.links = links
        self.notary = notary
        self.timeStamper = timeStamper
        self.webhooks = webhooks
        self.mail = mail
        self.logger = logger
        self.passwords = passwords
    }

    /// The document `id` if `principal` may see it (its owner or an administrator); a 404
    /// otherwise, so that other users' ids are not confirmed to exist.
    func visibleDocument(_ id: String, for principal: Principal) async throws -> SigningDocument {
        guard let document = try await store.record(id: id), principal.mayAccess(ownedBy: document.ownerID) else {
            throw APIError(.notFound, "Document not found")
        }
        return try await expiringIfDue(document)
    }

    /// Reads document `id` fresh, applies `change` and stores the result, under the document's
    /// lock; retries when another process stored a change first (see
    /// ``JSONBodyTable/change(_:_:)``).
    ///
    /// - Returns: The stored document.
    func change(
        _ id: String, _ change: @escaping @Sendable (inout SigningDocument) async throws -> Void
    ) async throws -> SigningDocument {
        try await locks.withLock(id) {
            guard let document = try await store.change(id, change) else { throw APIError(.notFound, "Document not found") }
            return document
        }
    }

    /// Writes a PDF revision into the blob store and returns its name.
    func storePDF(_ bytes: [UInt8]) async throws -> String {
        try await blobs.write(ByteBuffer(bytes: bytes)).digest.hex
    }

    /// The bytes of the PDF revision named `digest`.
    func loadPDF(_ digest: String) async throws -> [UInt8] {
        let buffer = try await blobs.readAll(try BlobDigest(hex: digest))
        return Array(buffer.readableBytesView)
    }
}
