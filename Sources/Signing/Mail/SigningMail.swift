import Foundation
import Logging
import Mail

/// The mail recipients get: the request to sign when their turn comes, and the reminders the
/// sender asks for. As in SignWell, every recipient of a document that is not signed embedded
/// (`embedded_signing` false, the default) gets it, and of an embedded one only those whose
/// `send_email` is true. Each message carries the recipient's own signing link and is queued in
/// the mail outbox before the call returns; a request waits the recipient's `send_email_delay`
/// minutes in the outbox first. A document's `reminders` (true by default) schedules reminders
/// 3, 6 and 10 days after each request (``SigningMailSchedule``), and the sender is told when
/// a document is declined or expires. All of it counts against the daily budget of the
/// document's owner (``Mail/OutboundMailSettings/accountDailyLimit``). Without an SMTP server
/// (``disabled``) nothing is sent.
struct SigningMail: Sendable {
    /// Where messages go, or `nil` when the server sends no mail.
    private let destination: Destination?

    /// What a working sender writes to.
    private struct Destination: Sendable {
        let mail: OutboundMail
        let renderer: DocumentRenderer
        /// Where reminders and expiries wait for their day.
        let schedule: SigningMailSchedule
        /// The API applications whose names and colours messages wear.
        let applications: APIApplicationStore
        /// The address of a document's sender, when there is one.
        let senderAddress: @Sendable (SigningDocument) async throws -> MailAddress?
        let logger: Logger

        /// The API application of `document`, whose name and colours its mail wears; `nil` for none.
        func application(of document: SigningDocument) async throws -> APIApplication? {
            guard let id = document.apiApplicationID else { return nil }
            return try await applications.application(id: id, ownedBy: document.ownerID)
        }

        /// The sender of a document's mail: the server's address, under the name of the
        /// document's `application` when it has one.
        func from(for application: APIApplication?) -> MailAddress {
            application.flatMap { try? MailAddress(mail.from.address, displayName: $0.name) } ?? mail.from
        }
    }

    /// A sender that sends nothing.
    static let disabled = SigningMail(destination: nil)

    /// How long the link in a completion message works.
    static let completedFileLinkLifetime: TimeInterval = 30 * 24 * 3600

    /// The largest completed PDF a completion message carries; a larger one is only linked.
    static let attachmentLimit = 10 << 20

    /// The shortest time between two reminders to one recipient: a reminder asked for sooner
    /// after the one before is recorded in the audit trail but not mailed, so that an API client
    /// cannot flood a recipient's inbox.
    static let reminderInterval: TimeInterval = 3600

    /// Whether messages are sent at all.
    var isEnabled: Bool { destination != nil }

    private init(destination: Destination?) {
        self.destination = destination
    }

    /// A sender that queues its messages in `mail`, with links made by `renderer`, schedules
    /// reminders and expiries in `schedule`, and finds a document's sender with `senderAddress`.
    init(
        mail: OutboundMail, renderer: DocumentRenderer, schedule: SigningMailSchedule, applications: APIApplicationStore,
        senderAddress: @escaping @Sendable (SigningDocument) async throws -> MailAddress?, logger: Logger
    ) {
        destination = Destination(
            mail: mail, renderer: renderer, schedule: schedule, applications: applications, senderAddress: senderAddress, logger: logger)
    }

    /// Asks each recipient whose turn has come to sign: everyone who may sign `document` now
    /// and could not in `before` (the document before the change; `nil` when it was just sent).
    /// A document just sent with an expiry date has its expiry scheduled, to tell its sender.
    func requestSignatures(_ document: SigningDocument, before: SigningDocument? = nil) async {
        let newlyDue = document.recipients.indices.filter { index in
            let id = document.recipients[index].id
            return document.isTurn(of: id) && !(before?.isTurn(of: id) ?? false)
        }
        await send(.request, of: document, to: newlyDue)
        guard let destination, before == nil, let expiresAt = document.expiresAt else { return }
        do {
            try await destination.schedule.scheduleExpiry(documentID: document.id, at: expiresAt)
        } catch {
            destination.logger.error("expiry mail could not be scheduled", metadata: ["document": "\(document.id)", "error": "\(error)"])
        }
    }

    /// Tells the sender of `document` what `kind` says happened to it, when the document has a
    /// sender with an address: its `custom_requester_email`, else its owner's email.
    ///
    /// - Throws: When the message cannot be queued.
    func tellSender(_ kind: SenderMailMessage.Kind, about document: SigningDocument) async throws {
        guard let destination, let sender = try await destination.senderAddress(document) else { return }
        let from = destination.from(for: try await destination.application(of: document))
        try await destination.mail.queue(
            SenderMailMessage(kind: kind, document: document, sender: sender).message(from: from), account: document.ownerID)
    }

    /// Reminds the recipients `recipientIDs` of `document` whose turn it is, unless they were
    /// reminded less than ``reminderInterval`` before (see ``mailsLatestReminder(to:of:)``).
    func remind(_ document: SigningDocument, recipientIDs: [String]) async {
        let due = recipientIDs.compactMap(document.recipientIndex).filter { index in
            let id = document.recipients[index].id
            return document.isTurn(of: id) && Self.mailsLatestReminder(to: id, of: document)
        }
        await send(.reminder, of: document, to: due)
    }

    /// Mails recipient `recipientID` of `document` the reminder the document's schedule
    /// promised (see ``SigningMailSchedule``), if they take mail.
    ///
    /// - Throws: When the message cannot be queued; the schedule tries again.
    func remindOnSchedule(_ document: SigningDocument, recipientID: String) async throws {
        guard let destination, let index = document.recipientIndex(recipientID), takesMail(document, index) else { return }
        try await queue(.reminder, of: document, to: index, application: try await destination.application(of: document), in: destination)
    }

    /// Whether the latest reminder of `recipientID` recorded in `document` is mailed: when no
    /// reminder of theirs came less than ``reminderInterval`` before it (mailed or not).
    static func mailsLatestReminder(to recipientID: String, of document: SigningDocument) -> Bool {
        let times = document.events.filter { $0.kind == .reminded && $0.recipientID == recipientID }.map(\.time).sorted()
        guard let latest = times.last else { return false }
        return !times.dropLast().contains { latest.timeIntervalSince($0) < reminderInterval }
    }

    /// Sends the completed `file` of `document` (a link, and the PDF when it is at most
    /// ``attachmentLimit``) to each recipient who takes mail, to each copied contact, and to
    /// the document's sender when it has one (see ``tellSender(_:about:)``), once to each
    /// address.
    func sendCompleted(_ document: SigningDocument, file: CompletedFile, at now: Date = Date()) async {
        guard let destination else { return }
        var sender: MailAddress?
        let from: MailAddress
        do {
            sender = try await destination.senderAddress(document)
            from = destination.from(for: try await destination.application(of: document))
        } catch {
            destination.logger.error("completion mail could not be queued", metadata: ["document": "\(document.id)", "error": "\(error)"])
            return
        }
        let expiry = now + Self.completedFileLinkLifetime
        let token = destination.renderer.links.fileToken(documentID: document.id, expiry: expiry, format: .pdf, auditPage: true)
        let link = "\(document.baseURL)/signwell/files/\(token)"
        let attached = file.bytes.count <= Self.attachmentLimit ? file : nil
        let addressees =
            document.recipients.indices.filter { takesMail(document, $0) }.map { index in
                (name: Optional(document.recipients[index].name), email: document.recipients[index].email)
            }
            + document.copiedContacts.map { (name: $0.name, email: $0.email) }
            + (sender.map { [(name: $0.displayName, email: $0.address)] } ?? [])
        var mailed: Set<String> = []
        for addressee in addressees where mailed.insert(addressee.email.lowercased()).inserted {
            do {
                let message = try CompletedMailMessage(
                    name: addressee.name, email: addressee.email, document: document, link: link, linkExpiry: expiry, file: attached
                ).message(from: from)
                try await destination.mail.queue(message, account: document.ownerID)
            } catch {
                destination.logger.error(
                    "completion mail could not be queued", metadata: ["document": "\(document.id)", "error": "\(error)"])
            }
        }
    }

    /// Queues a message of `kind` to each recipient of `document` at `indices` who takes mail,
    /// and with a request the reminders the document's `reminders` promise. Never throws: a
    /// failure is logged, and the change that called for the message stands.
    private func send(_ kind: SigningMailMessage.Kind, of document: SigningDocument, to indices: [Int]) async {
        guard let destination else { return }
        let application: APIApplication?
        do {
            application = try await destination.application(of: document)
        } catch {
            destination.logger.error("signing mail could not be queued", metadata: ["document": "\(document.id)", "error": "\(error)"])
            return
        }
        for index in indices where takesMail(document, index) {
            let recipient = document.recipients[index]
            do {
                try await queue(kind, of: document, to: index, application: application, in: destination)
                if kind == .request, document.reminders {
                    try await destination.schedule.scheduleReminders(documentID: document.id, recipientID: recipient.id)
                }
            } catch {
                destination.logger.error(
                    "signing mail could not be queued",
                    metadata: ["document": "\(document.id)", "recipient": "\(recipient.id)", "error": "\(error)"]
                )
            }
        }
    }

    /// Queues a message of `kind` to the recipient of `document` at `index`, in the name and
    /// colours of the document's `application`.
    private func queue(
        _ kind: SigningMailMessage.Kind, of document: SigningDocument, to index: Int, application: APIApplication?, in destination: Destination
    ) async throws {
        // A recipient's `send_email_delay` (minutes) holds back the request, not reminders.
        let delaySeconds = kind == .request ? 60 * max(0, document.recipients[index].sendEmailDelay) : 0
        let message = try SigningMailMessage(
            kind, document: document, recipient: document.recipients[index],
            link: destination.renderer.signingURL(document: document, recipientIndex: index), application: application
        ).message(from: destination.from(for: application), date: Date() + TimeInterval(delaySeconds))
        try await destination.mail.queue(message, after: .seconds(delaySeconds), account: document.ownerID)
    }

    /// Whether the recipient of `document` at `index` is mailed: every recipient of a document
    /// not signed embedded, and of an embedded one those whose `send_email` is true.
    private func takesMail(_ document: SigningDocument, _ index: Int) -> Bool {
        !document.embeddedSigning || document.recipients[index].sendEmail
    }
}
