import Foundation
import HTTPSupport

/// The page of one document: where it is and what state it is in, every property of its
/// schemas, and who may do what with it (its local and inherited ACL).
enum DocumentDetailsPage {
    /// What the page shows beside the document itself, which the route reads for the reader.
    struct Facts: Sendable {
        /// The document's type.
        let type: DocumentType
        /// Its facets, its type's and its own.
        let facets: [String]
        /// Its schemas, in display order.
        let schemas: [Schema]
        /// The version label clients see (`0.1+`).
        let versionLabel: String
        /// Its main blob, if it has one.
        let mainBlob: BlobInfo?
        /// Its own ACL entries.
        let localACL: [AccessControlEntry]
        /// The entries it inherits.
        let inheritedACL: [AccessControlEntry]
    }

    /// The page of `document`.
    static func html(_ document: Document, facts: Facts, user: String) -> String {
        ConsolePageLayout.document(
            title: document.displayTitle, section: .browse, user: user,
            main: """
                \(Breadcrumb.html(path: document.path))
                <h1 id="title">\(document.displayTitle.htmlEscaped)</h1>
                <ul class="actions">
                \(actions(document, facts: facts))
                </ul>
                <h2>Summary</h2>
                \(summary(document, facts: facts))
                <h2>Properties</h2>
                \(facts.schemas.map { schemaTable($0, of: document) }.joined(separator: "\n"))
                <h2>Access control</h2>
                <p class="aside">The first entry that names you or one of your groups decides; local entries come first.</p>
                \(AccessControlTable.html(facts.localACL, caption: "Local", id: "local-acl"))
                \(AccessControlTable.html(facts.inheritedACL, caption: "Inherited", id: "inherited-acl"))
                """)
    }

    private static func actions(_ document: Document, facts: Facts) -> String {
        var links: [String] = []
        if facts.type.isFolderish, !document.isVersion {
            links.append("<li><a id=\"open-folder\" href=\"\(ConsoleLink.browse(id: document.id).htmlEscaped)\">Open this folder</a></li>")
        }
        if let blob = facts.mainBlob {
            let href = ConsoleLink.blob(documentID: document.id, xpath: "blobholder:0")
            links.append(
                "<li><a id=\"download-main\" href=\"\(href.htmlEscaped)\">Download \(blob.name.htmlEscaped)</a> <span class=\"meta\">\(DisplayText.size(blob.length))</span></li>"
            )
        }
        if document.path != "/" {
            links.append(
                "<li><a id=\"parent-link\" href=\"\(ConsoleLink.browse(path: document.parentPath).htmlEscaped)\">The folder it is in</a></li>")
        }
        return links.joined(separator: "\n")
    }

    private static func summary(_ document: Document, facts: Facts) -> String {
        var flags: [String] = []
        if document.isVersion { flags.append(document.isLatestVersion ? "Version (latest)" : "Version") }
        if document.isCheckedIn { flags.append("Checked in") } else { flags.append("Checked out") }
        if document.isTrashed { flags.append("In the trash") }
        let lock =
            document.lockOwner.map { owner in
                "Locked by \(owner.htmlEscaped)" + (document.lockCreated.map { " since " + DisplayText.date($0) } ?? "")
            } ?? "Not locked"
        let facets =
            facts.facets.isEmpty
            ? "<span class=\"empty\">none</span>"
            : "<ul class=\"facets\">\(facts.facets.map { "<li>\($0.htmlEscaped)</li>" }.joined())</ul>"
        let rows: [(String, String, String)] = [
            ("path", "Path", "<code>\(document.path.htmlEscaped)</code>"),
            ("uid", "ID", "<code>\(document.id.htmlEscaped)</code>"),
            ("type", "Type", document.type.htmlEscaped),
            ("state", "State", document.state.map(\.htmlEscaped) ?? "<span class=\"empty\">no lifecycle</span>"),
            ("version", "Version", facts.versionLabel.htmlEscaped),
            ("lock", "Lock", lock),
            ("flags", "Status", flags.joined(separator: ", ")),
            ("facets", "Facets", facets),
            ("created", "Created", DisplayText.date(document.createdAt)),
            ("modified", "Modified", DisplayText.date(document.modifiedAt)),
        ]
        let entries = rows.map { "<dt>\($0.1)</dt><dd id=\"fact-\($0.0)\">\($0.2)</dd>" }
        return "<dl class=\"facts\">\n\(entries.joined(separator: "\n"))\n</dl>"
    }

    /// The table of one schema's fields, in key order.
    private static func schemaTable(_ schema: Schema, of document: Document) -> String {
        let values = PropertyValueHTML(documentID: document.id)
        let rows = schema.fields.sorted { $0.key < $1.key }.map { field, type in
            let key = schema.key(of: field)
            return "<tr data-key=\"\(key.htmlEscaped)\"><th scope=\"row\"><code>\(key.htmlEscaped)</code></th>"
                + "<td class=\"value\">\(values.html(document.properties[key], type: type, xpath: key))</td></tr>"
        }
        let caption = schema.prefix == schema.name ? schema.name : "\(schema.name) (\(schema.prefix))"
        return """
            <table class="properties" id="schema-\(schema.name.htmlEscaped)">
            <caption>\(caption.htmlEscaped)</caption>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            </table>
            """
    }
}
