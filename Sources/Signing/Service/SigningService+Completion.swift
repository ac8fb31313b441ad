import Crypto
import Foundation
import HTTPTypes
import Logging
import NotaryProof
import Storage

extension SigningService {
    /// Completes a document whose recipients have all signed: draws the audit trail on the
    /// reserved page under the platform seal, and notarizes the sealed PDF.
    ///
    /// A failing notary does not undo the completion (every signature is already stored); the
    /// document then has no ``SigningDocument/notarization`` and the failure is logged.
    func seal(_ document: inout SigningDocument, at now: Date) async throws {
        let signed = try await loadPDF(document.currentPDF)
        document.signedPDF = document.currentPDF
        document.status = .completed
        document.completedAt = now
        document.events.append(DocumentEvent(time: now, kind: .completed))
        let trail = AuditTrail(
            documentName: document.name ?? document.files.first?.name ?? "Document",
            documentID: document.id,
            originalFileSHA256: document.files.map { (name: $0.name, hex: $0.originalSHA256) },
            signedFileSHA256: SHA256.hash(data: signed).hex,
            proofURL: "\(document.baseURL)/signwell/proof/\(document.id)",
            entries: document.events.map { auditEntry($0, in: document) }
        )
        let sealed = try await PlatformSealer(keys: keys, timeStamper: timeStamper).seal(
            signed, trail: trail, auditPageIndex: document.auditPageIndex, signingTime: now
        )
        document.currentPDF = try await storePDF(sealed)
        document.events.append(DocumentEvent(time: Date(), kind: .sealed))
        guard let notary else { return }
        let name = document.name ?? document.files.first?.name ?? "Signed document"
        do {
            document.notarization = try await notary.notarize(
                sha256: SHA256.hash(data: sealed).hex, name: "Signed: \(name)", fileName: "\(name).pdf", ownerID: document.ownerID
            )
            document.events.append(DocumentEvent(time: Date(), kind: .notarized, detail: document.notarization?.reportID))
        } catch {
            logger.error("notarizing a sealed document failed", metadata: ["document": "\(document.id)", "error": "\(error)"])
        }
    }

    /// An audit-trail line for an event.
    private func auditEntry(_ event: DocumentEvent, in document: SigningDocument) -> AuditTrailEntry {
        let recipient = event.recipientID.flatMap(document.recipient)
        let actor = recipient.map { "\($0.name) <\($0.email)>" } ?? (event.kind == .created || event.kind == .sent ? "Sender" : nil)
        var description = Self.auditDescriptions[event.kind] ?? event.kind.rawValue
        if let detail = event.detail, event.kind == .declined { description += ": \(detail)" }
        return AuditTrailEntry(time: event.time, event: description, actor: actor, ipAddress: event.ipAddress, userAgent: event.userAgent)
    }

    /// How the audit page words each kind of event.
    private static let auditDescriptions: [DocumentEvent.Kind: String] = [
        .created: "Document created", .sent: "Sent for signature", .viewed: "Opened the document", .signed: "Signed",
        .declined: "Declined", .reminded: "Reminder sent", .recipientsUpdated: "Recipients updated",
        .completed: "All recipients signed", .canceled: "Canceled", .expired: "Expired", .sealed: "Sealed", .notarized: "Notarized",
        .passcodeVerified: "Entered the passcode", .passcodeFailed: "Entered a wrong passcode",
    ]
}
