import HTTPSupport

/// The trail from the root down to a document: one link per folder on its path, by path, and
/// the document's own name last.
///
/// The trail is written from the path alone: it shows no more than the path, which the
/// document's page shows anyway, and reads nothing. A folder on it that the reader may not
/// read answers its link with the 403 page.
enum Breadcrumb {
    /// The trail of the document at `path`, which the page is about; HTML.
    static func html(path: String) -> String {
        let names = path.split(separator: "/").map(String.init)
        var items = [item(name: "Root", path: "/", isCurrent: names.isEmpty)]
        var current = ""
        for (index, name) in names.enumerated() {
            current += "/" + name
            items.append(item(name: name, path: current, isCurrent: index == names.count - 1))
        }
        return "<nav class=\"breadcrumb\" aria-label=\"Breadcrumb\"><ol>\(items.joined())</ol></nav>"
    }

    private static func item(name: String, path: String, isCurrent: Bool) -> String {
        if isCurrent { return "<li><span aria-current=\"page\">\(name.htmlEscaped)</span></li>" }
        return "<li><a href=\"\(ConsoleLink.browse(path: path).htmlEscaped)\">\(name.htmlEscaped)</a></li>"
    }
}
