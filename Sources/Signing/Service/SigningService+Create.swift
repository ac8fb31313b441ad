import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import PDF
import Storage

extension SigningService {
    /// Creates a document from a checked request: fetches and converts its files, assembles the
    /// prepared PDF, places the fields and stores it, sent unless it is a draft.
    ///
    /// - Parameters:
    ///   - baseURL: The public base URL the signing links are made with.
    ///   - client: Who asked, for the audit trail.
    /// With `text_tags`, the fields the files' tags ask for are added to the request's.
    func create(
        _ request: DocumentRequest, owner: Principal, baseURL: String, client: ClientInfo, templateIDs: [String] = []
    ) async throws -> SigningDocument {
        let files = try await intakeFiles(request.files)
        var request = request
        if request.textTags {
            request.fields = try Self.addingTextTagFields(
                to: request.fields, files: files, participants: request.recipients.map { .init(id: $0.id, name: $0.name) },
                requireFields: !request.draft && !request.withSignaturePage
            )
        }
        return try await create(request, files: files, owner: owner, baseURL: baseURL, client: client, templateIDs: templateIDs)
    }

    /// Fetches and converts `files` to PDF, in order.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 naming the first file that cannot be taken, 413
    ///   when that file is over the intake's size limit (the server's per-file upload cap).
    func intakeFiles(_ files: [DocumentRequest.File]) async throws -> [IntakeFile] {
        var inputs: [IntakeFile] = []
        for (index, file) in files.enumerated() {
            do {
                inputs.append(try await intake.pdf(name: file.name, from: file.source))
            } catch let error as IntakeError {
                let status: HTTPResponse.Status = error.reason == .fileTooLarge ? .contentTooLarge : .unprocessableContent
                throw APIError(status, error.description, fieldErrors: ["files[\(index)]": [error.description]])
            }
        }
        return inputs
    }

    /// Creates a document from a checked request whose files are already PDFs (`inputs`, in
    /// place of the request's own `files`): assembles the prepared PDF, places the fields and
    /// stores it, sent unless it is a draft. Documents made from templates come this way, with
    /// the templates' stored files.
    ///
    /// - Parameters:
    ///   - templateIDs: The templates the document is made from, if any.
    func create(
        _ request: DocumentRequest, files inputs: [IntakeFile], owner: Principal, baseURL: String, client: ClientInfo, templateIDs: [String]
    ) async throws -> SigningDocument {
        let id = UUID().uuidString.lowercased()
        let signers = request.recipients.map { SignerIdentity(name: $0.name, email: $0.email) }
        let assembled: AssembledDocument
        do {
            assembled = try DocumentAssembler().assemble(
                files: inputs.map(\.pdf), documentName: request.name ?? inputs.first?.name ?? "Document", documentID: id,
                signaturePageFor: request.withSignaturePage ? signers : nil
            )
        } catch {
            throw APIError(
                .unprocessableContent, "The files could not be combined: \(error)", fieldErrors: ["files": ["could not be combined: \(error)"]])
        }
        var files: [DocumentFile] = []
        var firstPage = 0
        for input in inputs {
            files.append(
                DocumentFile(
                    name: input.name, pageCount: input.pageCount, firstPageIndex: firstPage, originalSHA256: input.originalSHA256,
                    pdf: try await storePDF(input.pdf)))
            firstPage += input.pageCount
        }
        let fields = Self.placedFields(
            request.fields, files: files, signaturePageBoxes: request.withSignaturePage ? assembled.signaturePageBoxes : [],
            signaturePageIndex: assembled.signaturePageIndex, recipients: request.recipients.map(\.id))
        let now = Date()
        let passcodeHashes = try await hashPasscodes(of: request.recipients)
        var document = SigningDocument(
            id: id, ownerID: owner.userID, name: request.name, subject: request.subject, message: request.message,
            status: request.draft ? .draft : .sent, testMode: request.testMode, embeddedSigning: request.embeddedSigning,
            embeddedSigningNotifications: request.embeddedSigningNotifications, applySigningOrder: request.applySigningOrder,
            allowDecline: request.allowDecline, allowReassign: request.allowReassign, redirectURL: request.redirectURL,
            declineRedirectURL: request.declineRedirectURL, reminders: request.reminders, expiresIn: request.expiresIn,
            expiresAt: nil, language: request.language, metadata: request.metadata, labels: request.labels,
            copiedContacts: request.copiedContacts, attachmentRequests: request.attachmentRequests, checkboxGroups: request.checkboxGroups,
            withSignaturePage: request.withSignaturePage, textTags: request.textTags, customRequesterName: request.customRequesterName,
            customRequesterEmail: request.customRequesterEmail, apiApplicationID: request.apiApplicationID, templateIDs: templateIDs,
            files: files, fields: fields,
            recipients: request.recipients.enumerated().map { index, recipient in
                DocumentRecipient(
                    id: recipient.id, name: recipient.name, email: recipient.email, subject: recipient.subject, message: recipient.message,
                    passcodeHash: passcodeHashes[index], sendEmail: recipient.sendEmail,
                    sendEmailDelay: recipient.sendEmailDelay, signingOrder: index + 1, status: .created, linkNonce: SigningLinks.makeNonce()
                )
            },
            declineMessage: nil,
            pageSizes: assembled.pageSizes.map { .init(width: $0.width, height: $0.height) },
            auditPageIndex: assembled.auditPageIndex,
            currentPDF: try await storePDF(assembled.pdf),
            signedPDF: nil, notarization: nil, baseURL: baseURL,
            events: [DocumentEvent(time: now, kind: .created, ipAddress: client.ipAddress, userAgent: client.userAgent)],
            createdAt: now, updatedAt: now, completedAt: nil, version: 1
        )
        if !request.draft { document.markSent(at: now, client: client) }
        document.refreshRecipientStatuses()
        try await store.insert(document)
        await webhooks.announce(.documentCreated, document: document)
        if !request.draft {
            await webhooks.announce(.documentSent, document: document)
            await mail.requestSignatures(document)
        }
        return document
    }

    /// The requested fields on the pages of the prepared PDF, with ids; fields on pages a file
    /// does not have are dropped, as SignWell does. With a signature page, every recipient also
    /// gets a signature on it.
    static func placedFields(
        _ requested: [[DocumentField]], files: [DocumentFile], signaturePageBoxes: [PageBox], signaturePageIndex: Int?, recipients: [String]
    ) -> [DocumentField] {
        var fields: [DocumentField] = []
        for (fileIndex, list) in requested.enumerated() where files.indices.contains(fileIndex) {
            for var field in list where field.page <= files[fileIndex].pageCount {
                field.pageIndex = files[fileIndex].firstPageIndex + field.page - 1
                fields.append(field)
            }
        }
        if let signaturePageIndex {
            for (recipientID, box) in zip(recipients, signaturePageBoxes) {
                fields.append(
                    DocumentField(
                        id: "", fileIndex: -1, page: 1, pageIndex: signaturePageIndex,
                        x: box.x, y: box.y, width: box.width, height: box.height, type: .signature, recipientID: recipientID, required: true,
                        label: nil, apiID: nil, name: nil, value: nil, validation: nil, fixedWidth: false, lockSignDate: false, dateFormat: nil,
                        formula: nil, options: [], defaultOption: nil, allowOther: false, placeholderName: nil
                    ))
            }
        }
        for index in fields.indices { fields[index].id = "f\(index + 1)" }
        return fields
    }
}

extension SigningDocument {
    /// Moves a document that is being sent to `Sent`, with its expiry and the audit entry.
    mutating func markSent(at time: Date, client: ClientInfo) {
        status = .sent
        expiresAt = expiresIn.map { time.addingTimeInterval(Double($0) * 86_400) }
        events.append(DocumentEvent(time: time, kind: .sent, ipAddress: client.ipAddress, userAgent: client.userAgent))
    }
}
