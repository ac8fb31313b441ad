import Foundation
import HTTPSupport

/// The page of one document (the `document-page` template): where it is and what state it is
/// in, every property of its schemas, and who may do what with it (its local and inherited
/// ACL).
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
        /// Its files' notarizations, oldest first.
        let notarizations: [DocumentNotarization]
        /// The form token of the reader's browser session when the server notarizes and the
        /// document has a main file: the page then offers to notarize it.
        let notarizeFormToken: String?
        /// The forms that change the document, for a reader signed in with the browser.
        let editing: DocumentEditingForms?
    }

    /// A notarization of one of the document's files.
    struct NotarizationRow: Sendable {
        let fileName: String
        let sha256: String
        let reportID: String
        let verifyPath: String
        let by: String
        let at: ConsoleTime
    }

    /// The form that notarizes the main file.
    struct NotarizeForm: Sendable {
        let action: String
        let formToken: String
        let fileName: String
    }

    /// What the page shows.
    struct Context: Sendable {
        /// The trail up to the root.
        let breadcrumb: Breadcrumb
        /// The document's title.
        let title: String
        /// Its listing, if it is a folder (and not a version).
        let openFolderHref: String?
        /// The download of its main file, if it has one.
        let download: Download?
        /// The form that notarizes the main file, when the page offers it.
        let notarize: NotarizeForm?
        /// Its files' notarizations.
        let notarizations: [NotarizationRow]
        /// Whether it has any.
        let hasNotarizations: Bool
        /// The listing of the folder it is in; `nil` for the root.
        let parentHref: String?
        /// Its path.
        let path: String
        /// Its id.
        let id: String
        /// Its type.
        let type: String
        /// Its lifecycle state; `nil` without a lifecycle.
        let state: String?
        /// The version label clients see.
        let versionLabel: String
        /// Its lock; `nil` when it is not locked.
        let lock: Lock?
        /// Its status: version, checked in or out, in the trash.
        let flags: [String]
        /// Its facets.
        let facets: [String]
        /// When it was created.
        let created: ConsoleTime
        /// When it last changed.
        let modified: ConsoleTime
        /// One table per schema.
        let schemas: [SchemaTable]
        /// Its own ACL entries.
        let localACL: AccessControlTable
        /// The entries it inherits.
        let inheritedACL: AccessControlTable
        /// The forms that change it, if the page offers any.
        let editing: DocumentEditingForms?
    }

    /// The download of the main file.
    struct Download: Sendable {
        /// The download's URL.
        let href: String
        /// The file's name.
        let name: String
        /// The file's size.
        let size: DisplayText.Size
    }

    /// Who holds a document's lock, and since when.
    struct Lock: Sendable {
        /// The user who locked it.
        let owner: String
        /// When they locked it, if known.
        let since: ConsoleTime?
    }

    /// The table of one schema's fields.
    struct SchemaTable: Sendable {
        /// The schema's name.
        let name: String
        /// Its name, and its prefix when that differs (`dublincore (dc)`).
        let caption: String
        /// Its fields, in key order.
        let rows: [Property]
    }

    /// One field of a schema and its value.
    struct Property: Sendable {
        /// The field's key (`dc:title`).
        let key: String
        /// Its value.
        let value: PropertyValue
    }

    /// The page of `document`.
    static func html(_ document: Document, facts: Facts, viewer: ConsoleViewer) -> String {
        var flags: [String] = []
        if document.isVersion { flags.append(document.isLatestVersion ? "Version (latest)" : "Version") }
        flags.append(document.isCheckedIn ? "Checked in" : "Checked out")
        if document.isTrashed { flags.append("In the trash") }
        let context = Context(
            breadcrumb: Breadcrumb(path: document.path), title: document.displayTitle,
            openFolderHref: facts.type.isFolderish && !document.isVersion ? ConsoleLink.browse(id: document.id) : nil,
            download: facts.mainBlob.map { blob in
                Download(
                    href: ConsoleLink.blob(documentID: document.id, xpath: "blobholder:0"), name: blob.name,
                    size: DisplayText.Size(blob.length))
            },
            notarize: facts.mainBlob.flatMap { blob in
                facts.notarizeFormToken.map {
                    NotarizeForm(action: ConsoleLink.notarize(documentID: document.id), formToken: $0, fileName: blob.name)
                }
            },
            notarizations: facts.notarizations.map {
                NotarizationRow(
                    fileName: $0.fileName, sha256: $0.sha256, reportID: $0.reportID, verifyPath: $0.verifyPath, by: $0.notarizedBy,
                    at: ConsoleTime($0.notarizedAt, to: .minute))
            },
            hasNotarizations: !facts.notarizations.isEmpty,
            parentHref: document.path == "/" ? nil : ConsoleLink.browse(path: document.parentPath),
            path: document.path, id: document.id, type: document.type, state: document.state, versionLabel: facts.versionLabel,
            lock: document.lockOwner.map { Lock(owner: $0, since: document.lockCreated.map({ ConsoleTime($0, to: .minute) })) },
            flags: flags, facets: facts.facets,
            created: ConsoleTime(document.createdAt, to: .minute), modified: ConsoleTime(document.modifiedAt, to: .minute),
            schemas: facts.schemas.map { schemaTable($0, of: document) },
            localACL: AccessControlTable(facts.localACL, caption: "Local", id: "local-acl"),
            inheritedACL: AccessControlTable(facts.inheritedACL, caption: "Inherited", id: "inherited-acl"),
            editing: facts.editing.flatMap { $0.hasForms ? $0 : nil })
        return ConsolePageLayout.document(
            title: document.displayTitle, section: .browse, viewer: viewer,
            script: context.editing?.fileAction == nil ? nil : .deferred(ConsoleLink.uploadScript),
            template: "document-page", context: context)
    }

    /// The table of one schema's fields, in key order.
    private static func schemaTable(_ schema: Schema, of document: Document) -> SchemaTable {
        let rows = schema.fields.sorted { $0.key < $1.key }.map { field, type in
            let key = schema.key(of: field)
            return Property(key: key, value: PropertyValue(document.properties[key], type: type, xpath: key, documentID: document.id))
        }
        let caption = schema.prefix == schema.name ? schema.name : "\(schema.name) (\(schema.prefix))"
        return SchemaTable(name: schema.name, caption: caption, rows: rows)
    }
}
