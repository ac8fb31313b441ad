import Foundation
import HTTPSupport

extension SigningService {
    /// `document` as it stands now: a document waiting for signatures past its expiry date is
    /// stored as `Expired` (announced to the webhooks) the first time anyone looks at it.
    func expiringIfDue(_ document: SigningDocument, now: Date = Date()) async throws -> SigningDocument {
        guard document.status == .sent || document.status == .pending, let expiresAt = document.expiresAt, expiresAt <= now else {
            return document
        }
        let expired = try await change(document.id) { document in
            guard document.status == .sent || document.status == .pending else { return }
            document.status = .expired
            document.events.append(DocumentEvent(time: now, kind: .expired))
        }
        if expired.status == .expired { await webhooks.announce(.documentExpired, document: expired) }
        return expired
    }
}
