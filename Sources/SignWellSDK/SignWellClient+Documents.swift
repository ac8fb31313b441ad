import Foundation

extension SignWellClient {
    /// Creates a document from files, and sends it to its recipients unless it is a draft.
    ///
    /// `POST /documents`. With ``CreateDocumentRequest/embeddedSigning`` set, each recipient of
    /// the answer has an ``DocumentRecipient/embeddedSigningURL`` to open in your app.
    public func createDocument(_ request: CreateDocumentRequest) async throws -> Document {
        try await json("POST", ["documents"], body: request)
    }

    /// The document `id`.
    ///
    /// `GET /documents/{id}`. Throws ``SignWellError`` with code `record_not_found` when there
    /// is no such document.
    public func document(_ id: String) async throws -> Document {
        try await json("GET", ["documents", id])
    }

    /// One page of documents, newest first.
    ///
    /// `GET /documents`.
    ///
    /// - Parameters:
    ///   - page: The page, from 1.
    ///   - limit: Documents per page, 1 to 50.
    ///   - query: A search such as `name:Contract AND status:completed`.
    public func documents(page: Int? = nil, limit: Int? = nil, query: String? = nil) async throws -> DocumentList {
        var items: [URLQueryItem] = []
        if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let query { items.append(URLQueryItem(name: "query", value: query)) }
        return try await json("GET", ["documents"], query: items)
    }

    /// Deletes the document `id`; a document being signed is cancelled.
    ///
    /// `DELETE /documents/{id}`.
    public func deleteDocument(_ id: String) async throws {
        _ = try await send("DELETE", ["documents", id])
    }

    /// Sends the draft `id` to its recipients, with the changes in `request`.
    ///
    /// `POST /documents/{id}/send`. Only drafts can be sent.
    public func sendDocument(_ id: String, _ request: SendDocumentRequest = SendDocumentRequest()) async throws -> Document {
        try await json("POST", ["documents", id, "send"], body: request)
    }

    /// E-mails a reminder to the recipients of document `id` who have not signed yet, or to
    /// those of them in `recipients`.
    ///
    /// `POST /documents/{id}/remind`.
    public func sendReminder(forDocument id: String, recipients: [ReminderRecipient] = []) async throws {
        _ = try await send("POST", ["documents", id, "remind"], body: ReminderBody(recipients: recipients.isEmpty ? nil : recipients))
    }

    /// Changes the names and e-mail addresses of recipients of document `id` who have not
    /// signed yet, and sends them the document again.
    ///
    /// `PATCH /documents/{id}/recipients`. The document must be sent, viewed, pending or
    /// bounced; the server answers 409 otherwise.
    public func updateRecipients(ofDocument id: String, _ recipients: [RecipientUpdate]) async throws -> Document {
        try await json("PATCH", ["documents", id, "recipients"], body: RecipientsBody(recipients: recipients))
    }

    /// The completed document `id`: its signed files in one PDF, or a ZIP of PDFs.
    ///
    /// `GET /documents/{id}/completed_pdf`. Throws ``SignWellError`` with code
    /// `record_not_found` while the document is not completed.
    ///
    /// - Parameters:
    ///   - auditPage: Whether to add the audit trail's page(s).
    ///   - fileFormat: One PDF, or a ZIP of one PDF per file.
    ///   - progress: Called as bytes arrive, with the bytes received so far and the total
    ///     when the server told it; for a progress bar.
    public func completedPDF(
        _ id: String, auditPage: Bool = true, fileFormat: CompletedFileFormat = .pdf,
        progress: (@Sendable (_ received: Int64, _ total: Int64?) -> Void)? = nil
    ) async throws -> Data {
        let query: [URLQueryItem] = [.flag("audit_page", auditPage), URLQueryItem(name: "file_format", value: fileFormat.rawValue)]
        return try await send("GET", ["documents", id, "completed_pdf"], query: query, accept: "application/octet-stream", progress: progress).body
    }

    /// A URL the completed document `id` can be downloaded from without the API key.
    ///
    /// `GET /documents/{id}/completed_pdf?url_only=true`.
    public func completedPDFURL(_ id: String, auditPage: Bool = true, fileFormat: CompletedFileFormat = .pdf) async throws -> URL {
        let query: [URLQueryItem] = [
            .flag("url_only", true), .flag("audit_page", auditPage), URLQueryItem(name: "file_format", value: fileFormat.rawValue),
        ]
        let answer = try await json("GET", ["documents", id, "completed_pdf"], query: query, as: FileURLAnswer.self)
        guard let url = URL(string: answer.fileURL) else {
            throw SignWellError(statusCode: 200, reason: .unreadableAnswer("file_url '\(answer.fileURL)' is not a URL"))
        }
        return url
    }
}

/// The body of a reminder: `{"recipients": [...]}`, or `{}` for all.
private struct ReminderBody: Encodable {
    /// The recipients to remind; `nil` (left out) for all.
    let recipients: [ReminderRecipient]?
}

/// The body of a recipients update.
private struct RecipientsBody: Encodable {
    /// The changed recipients.
    let recipients: [RecipientUpdate]
}

/// The answer to `completed_pdf?url_only=true`.
private struct FileURLAnswer: Decodable {
    /// Where the file is.
    let fileURL: String

    private enum CodingKeys: String, CodingKey {
        case fileURL = "file_url"
    }
}
