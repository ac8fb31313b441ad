import HTTPSupport

/// The NXQL query page: a form, then either the page of results the reader may see (each
/// linking to its document), or why the query could not run.
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

    /// The query text offered in an empty form.
    static let example = "SELECT * FROM Document WHERE ecm:path STARTSWITH '/default-domain/workspaces' AND ecm:isTrashed = 0"

    /// The page for `nxql` (`nil` before any query) and its `outcome`.
    static func html(nxql: String?, outcome: Outcome, user: String) -> String {
        ConsolePageLayout.document(
            title: "Query", section: .query, user: user,
            main: """
                <h1>Query the repository</h1>
                <form class="query" method="get" action="\(ConsoleLink.query().htmlEscaped)">
                <label for="q">NXQL query</label>
                <textarea id="q" name="q" rows="4" spellcheck="false" required>\((nxql ?? example).htmlEscaped)</textarea>
                <button type="submit" id="run">Run query</button>
                </form>
                <p class="aside">For example <code>SELECT * FROM File WHERE dc:title ILIKE '%report%' ORDER BY dc:modified DESC</code>. You see only the documents you may read.</p>
                \(section(nxql: nxql, outcome: outcome))
                """)
    }

    private static func section(nxql: String?, outcome: Outcome) -> String {
        switch outcome {
        case .none:
            return ""
        case .invalid(let reason):
            let sentence = reason.prefix(1).uppercased() + reason.dropFirst()
            return "<p class=\"error\" id=\"query-error\" role=\"alert\">\(sentence.htmlEscaped)</p>"
        case .results(let results, let paging):
            let pager = paging.navigation(of: results) { ConsoleLink.query(nxql ?? "", page: $0, pageSize: paging.pageSizeParameter) }
            guard !results.documents.isEmpty else {
                return "<h2>Results</h2>\n<p class=\"empty\" id=\"no-results\">No document you may read matches this query.</p>\n\(pager)"
            }
            let rows = results.documents.map { document in
                "<tr data-id=\"\(document.id.htmlEscaped)\"><td><a href=\"\(ConsoleLink.document(id: document.id).htmlEscaped)\">\(document.displayTitle.htmlEscaped)</a></td>"
                    + "<td>\(document.type.htmlEscaped)</td><td><code>\(document.path.htmlEscaped)</code></td>"
                    + "<td>\((document.state ?? "").htmlEscaped)</td><td>\(DisplayText.date(document.modifiedAt))</td></tr>"
            }
            return """
                <h2>Results</h2>
                <table id="results">
                <thead><tr><th scope="col">Title</th><th scope="col">Type</th><th scope="col">Path</th><th scope="col">State</th><th scope="col">Modified</th></tr></thead>
                <tbody>
                \(rows.joined(separator: "\n"))
                </tbody>
                </table>
                \(pager)
                """
        }
    }
}
