import HTTPSupport

/// The paths of the web app for senders. They are URLs, not HTML: the templates escape them
/// where they put them.
enum SenderAppLink {
    /// The app's root, which shows the documents.
    static let root = "/signing"
    /// The list of documents.
    static let documents = "\(root)/documents"
    /// The form that starts a new document.
    static let newDocument = "\(root)/documents/new"
    /// The person's templates.
    static let templates = "\(root)/templates"
    /// The stylesheet every page loads.
    static let stylesheet = "\(root)/assets/sender-app.css"
    /// The script of the page that places fields.
    static let preparationScript = "\(root)/assets/prepare-document.js"

    /// The list, of documents of `status` only when given, at `page` (from 1), with the notice
    /// `done` names (``SenderAppNotice``).
    static func documents(status: DocumentStatus? = nil, page: Int = 1, done: SenderAppNotice? = nil) -> String {
        var items: [(name: String, value: String)] = []
        if let status { items.append(("status", status.rawValue.lowercased())) }
        if page > 1 { items.append(("page", "\(page)")) }
        if let done { items.append(("done", done.rawValue)) }
        return items.isEmpty ? documents : documents + "?" + FormEncodedQuery.encode(items)
    }

    /// A document's page, with the notice `done` names.
    static func document(_ id: String, done: SenderAppNotice? = nil) -> String {
        documents + "/" + FormEncodedQuery.escaped(id) + (done.map { "?done=\($0.rawValue)" } ?? "")
    }

    /// Where a document's `action` (`remind`, `cancel`, `delete`, `template`) is posted.
    static func action(_ action: String, of id: String) -> String {
        documents + "/" + FormEncodedQuery.escaped(id) + "/" + action
    }

    /// A document's completed PDF, with its audit page.
    static func completedPDF(of id: String) -> String {
        documents + "/" + FormEncodedQuery.escaped(id) + "/completed.pdf"
    }

    /// The templates, with the notice `done` names.
    static func templates(done: SenderAppNotice) -> String {
        "\(templates)?done=\(done.rawValue)"
    }

    /// A template's page, where it is used, with the notice `done` names.
    static func template(_ id: String, done: SenderAppNotice? = nil) -> String {
        templates + "/" + FormEncodedQuery.escaped(id) + (done.map { "?done=\($0.rawValue)" } ?? "")
    }
}
