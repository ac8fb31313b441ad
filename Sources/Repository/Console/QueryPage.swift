import HTTPSupport

/// The NXQL query page (the `query-page` template): a form, then either the page of results
/// the reader may see (each linking to its document), or why the query could not run.
enum QueryPage {
    /// What became of the query in the form.
    enum Outcome {
        /// No query was given yet.
        case none
        /// The query ran; this is the page of results asked for.
        case results(DocumentPage, ConsolePaging)
        /// The query is not valid, for this reason.
        case invalid(String)
    }

    /// What the page shows.
    struct Context: Sendable {
        /// Where the form submits.
        let action = ConsoleLink.query()
        /// The query in the form.
        let nxql: String
        /// Why the query cannot run, as a sentence; `nil` unless it is invalid.
        let error: String?
        /// The page of results; `nil` unless the query ran.
        let results: Results?
    }

    /// A page of results.
    struct Results: Sendable {
        /// The documents on this page.
        let rows: [Row]
        /// The links to the other pages.
        let pager: ConsolePager
    }

    /// One document in the results.
    struct Row: Sendable {
        /// The document's id.
        let id: String
        /// Its page.
        let href: String
        /// Its title.
        let title: String
        /// Its type.
        let type: String
        /// Its path.
        let path: String
        /// Its lifecycle state; empty without a lifecycle.
        let state: String
        /// When it last changed.
        let modified: ConsoleTime
    }

    /// The query text offered in an empty form.
    static let example = "SELECT * FROM Document WHERE ecm:path STARTSWITH '/default-domain/workspaces' AND ecm:isTrashed = 0"

    /// The page for `nxql` (`nil` before any query) and its `outcome`.
    static func html(nxql: String?, outcome: Outcome, viewer: ConsoleViewer) -> String {
        var error: String?
        var results: Results?
        switch outcome {
        case .none:
            break
        case .invalid(let reason):
            error = reason.prefix(1).uppercased() + reason.dropFirst()
        case .results(let page, let paging):
            let rows = page.documents.map { document in
                Row(
                    id: document.id, href: ConsoleLink.document(id: document.id), title: document.displayTitle, type: document.type,
                    path: document.path, state: document.state ?? "", modified: ConsoleTime(document.modifiedAt, to: .minute))
            }
            let pager = ConsolePager(of: page, paging: paging) { ConsoleLink.query(nxql ?? "", page: $0, pageSize: paging.pageSizeParameter) }
            results = Results(rows: rows, pager: pager)
        }
        let context = Context(nxql: nxql ?? example, error: error, results: results)
        return ConsolePageLayout.document(title: "Query", section: .query, viewer: viewer, template: "query-page", context: context)
    }
}
