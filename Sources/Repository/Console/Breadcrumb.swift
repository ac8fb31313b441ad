/// The trail from the root down to a document: one link per folder on its path, by path, and
/// the document's own name last (the `breadcrumb` template).
///
/// The trail is written from the path alone: it shows no more than the path, which the
/// document's page shows anyway, and reads nothing. A folder on it that the reader may not
/// read answers its link with the 403 page.
struct Breadcrumb: Sendable {
    /// One step of the trail.
    struct Item: Sendable {
        /// The folder's or the document's name (`Root` for the root).
        let name: String
        /// The listing it links to.
        let href: String
        /// Whether this is the document the page is about, shown without a link.
        let isCurrent: Bool
    }

    /// The steps, from the root.
    let items: [Item]

    /// The trail of the document at `path`, which the page is about.
    init(path: String) {
        let names = path.split(separator: "/").map(String.init)
        var items = [Item(name: "Root", href: ConsoleLink.browse(path: "/"), isCurrent: names.isEmpty)]
        var current = ""
        for (index, name) in names.enumerated() {
            current += "/" + name
            items.append(Item(name: name, href: ConsoleLink.browse(path: current), isCurrent: index == names.count - 1))
        }
        self.items = items
    }
}
