import Foundation
import HTTPSupport

/// What the list of a sender's documents shows (`sender-documents-page.mustache`): a filter by
/// status, a page of documents with who has signed, and links to the pages around it.
struct SenderDocumentsPage {
    /// One choice of the status filter.
    struct StatusOption {
        let value: String
        let label: String
        let isSelected: Bool
    }

    /// One document's row.
    struct Row {
        let name: String
        let href: String
        let status: String
        let signed: String
        let recipients: String
        let updated: ConsoleTime
    }

    /// How many documents a page lists.
    static let pageSize = 25

    let notice: String?
    let statusOptions: [StatusOption]
    let rows: [Row]
    let isEmpty: Bool
    let total: Int
    let previousPage: String?
    let nextPage: String?

    /// The page of `documents` (of `total` that match `status`), page `page`.
    init(documents: [SigningDocument], total: Int, status: DocumentStatus?, page: Int, notice: SenderAppNotice?) {
        self.notice = notice?.sentence
        statusOptions =
            [StatusOption(value: "", label: "Any status", isSelected: status == nil)]
            + DocumentStatus.allCases.map { StatusOption(value: $0.rawValue.lowercased(), label: $0.rawValue, isSelected: $0 == status) }
        rows = documents.map { document in
            Row(
                name: document.displayName, href: SenderAppLink.document(document.id), status: document.status.rawValue,
                signed: "\(document.recipients.filter { $0.status == .signed }.count) of \(document.recipients.count)",
                recipients: document.recipients.map(\.name).joined(separator: ", "), updated: ConsoleTime(document.updatedAt, to: .minute)
            )
        }
        isEmpty = documents.isEmpty
        self.total = total
        previousPage = page > 1 ? SenderAppLink.documents(status: status, page: page - 1) : nil
        nextPage = page * Self.pageSize < total ? SenderAppLink.documents(status: status, page: page + 1) : nil
    }
}

extension SigningDocument {
    /// The name a person sees: the document's name, else its first file's.
    var displayName: String {
        if let name, !name.isEmpty { return name }
        return files.first?.name ?? "Untitled document"
    }
}
