import Foundation
import HTTPSupport
import NotaryProof

/// What a document's page shows its sender (`sender-document-page.mustache`): its facts, the
/// recipients and how far each has got, what the sender may do next, the completed PDF and its
/// notarization, and the audit trail.
struct SenderDocumentPage {
    /// One recipient's row.
    struct Recipient {
        let order: Int
        let name: String
        let email: String
        let status: String
        let signedAt: ConsoleTime?
    }

    /// One event of the audit trail.
    struct Event {
        let time: ConsoleTime
        let kind: String
        let recipient: String?
        let ipAddress: String?
    }

    /// A recipient's signing link, for the sender to hand out.
    struct SigningLink {
        let name: String
        let url: String
    }

    /// A recipient's role in a template made from the document.
    struct Role {
        let recipientID: String
        let recipient: String
        let role: String
    }

    /// The form that makes a template of the document.
    struct TemplateForm {
        let action: String
        let name: String
        let roles: [Role]
    }

    /// A button that posts an action about the document.
    struct Action {
        let href: String
        let label: String
        let name: String
        let isDangerous: Bool
    }

    let notice: String?
    let name: String
    let status: String
    let created: ConsoleTime
    let completed: ConsoleTime?
    let expires: ConsoleTime?
    let recipients: [Recipient]
    let actions: [Action]
    let formToken: String
    let completedPDF: String?
    /// For a draft, where its fields are placed and it is sent.
    let preparation: String?
    /// The links of the recipients still to sign, when the sender hands them out.
    let signingLinks: [SigningLink]
    let hasSigningLinks: Bool
    let verifyLink: String?
    let reportID: String?
    let events: [Event]
    /// The form that makes a template of it, when its files were kept.
    let templateForm: TemplateForm?

    /// The page of `document`, whose forms carry `formToken`; `renderer` makes the signing links.
    init(document: SigningDocument, formToken: String, notice: SenderAppNotice?, renderer: DocumentRenderer) {
        self.notice = notice?.sentence
        name = document.displayName
        status = document.status.rawValue
        created = ConsoleTime(document.createdAt, to: .minute)
        completed = document.completedAt.map { ConsoleTime($0, to: .minute) }
        expires = document.status.isFinal ? nil : document.expiresAt.map { ConsoleTime($0, to: .minute) }
        recipients = document.recipients.sorted { $0.signingOrder < $1.signingOrder }.map { recipient in
            Recipient(
                order: recipient.signingOrder, name: recipient.name, email: recipient.email, status: recipient.status.rawValue,
                signedAt: recipient.signedAt.map { ConsoleTime($0, to: .minute) }
            )
        }
        var actions: [Action] = []
        if document.status == .sent || document.status == .pending {
            actions.append(Action(href: SenderAppLink.action("remind", of: document.id), label: "Remind", name: "remind", isDangerous: false))
            actions.append(Action(href: SenderAppLink.action("cancel", of: document.id), label: "Cancel", name: "cancel", isDangerous: true))
        }
        actions.append(Action(href: SenderAppLink.action("delete", of: document.id), label: "Delete", name: "delete", isDangerous: true))
        self.actions = actions
        self.formToken = formToken
        completedPDF = document.status == .completed ? SenderAppLink.completedPDF(of: document.id) : nil
        preparation = document.status == .draft ? SenderAppLink.action("prepare", of: document.id) : nil
        let waiting = document.embeddedSigning && (document.status == .sent || document.status == .pending)
        signingLinks = document.recipients.indices.compactMap { index in
            let recipient = document.recipients[index]
            guard waiting, recipient.status != .signed, recipient.status != .declined else { return nil }
            return SigningLink(name: recipient.name, url: renderer.signingURL(document: document, recipientIndex: index))
        }
        hasSigningLinks = !signingLinks.isEmpty
        verifyLink = document.notarization?.verifyPath
        reportID = document.notarization?.reportID
        templateForm =
            document.files.allSatisfy { $0.pdf != nil }
            ? TemplateForm(
                action: SenderAppLink.action("template", of: document.id), name: document.displayName,
                roles: document.recipients.sorted { $0.signingOrder < $1.signingOrder }.map { recipient in
                    Role(recipientID: recipient.id, recipient: recipient.name, role: "Signer \(recipient.signingOrder)")
                }) : nil
        let names = Dictionary(document.recipients.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        events = document.events.map { event in
            Event(
                time: ConsoleTime(event.time, to: .second), kind: event.kind.rawValue.replacingOccurrences(of: "_", with: " "),
                recipient: event.recipientID.flatMap { names[$0] }, ipAddress: event.ipAddress
            )
        }
    }
}
