import Foundation
import HTTPSupport

/// A table of access-control entries: who, which permission, granted or denied, by whom, and
/// when it applies.
enum AccessControlTable {
    /// The table of `entries` titled `caption` (`Local`, `Inherited`), or a line saying there
    /// are none; HTML. `id` names the table for links and tests.
    static func html(_ entries: [AccessControlEntry], caption: String, id: String, at date: Date = Date()) -> String {
        guard !entries.isEmpty else {
            return "<p class=\"empty\" id=\"\(id)\">\(caption.htmlEscaped): no entries.</p>"
        }
        let rows = entries.map { entry in
            let access = entry.isGranted ? "<span class=\"granted\">Granted</span>" : "<span class=\"denied\">Denied</span>"
            let note = entry == .blockInheritance ? " <span class=\"meta\">(blocks inheritance)</span>" : ""
            return "<tr><td>\(entry.principal.htmlEscaped)</td><td>\(entry.permission.htmlEscaped)</td><td>\(access)\(note)</td>"
                + "<td>\(entry.creator.isEmpty ? "" : entry.creator.htmlEscaped)</td>"
                + "<td>\(entry.begin.map(DisplayText.date) ?? "")</td><td>\(entry.end.map(DisplayText.date) ?? "")</td>"
                + "<td>\(entry.status(at: date).htmlEscaped)</td></tr>"
        }
        return """
            <table id="\(id)">
            <caption>\(caption.htmlEscaped)</caption>
            <thead><tr><th scope="col">Principal</th><th scope="col">Permission</th><th scope="col">Access</th><th scope="col">Added by</th><th scope="col">From</th><th scope="col">Until</th><th scope="col">Status</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            </table>
            """
    }
}
