import HTTPSupport

/// The forms of a folder's listing that add to it (the `folder-editing` template), for a person
/// signed in with the browser who may add children: a new document of one of the types the
/// folder may hold, and files sent by the page's script with their progress.
struct FolderEditingForms: Sendable {
    /// A type the new-document form offers.
    struct TypeChoice: Sendable {
        let name: String
    }

    let formToken: String
    let createAction: String
    let types: [TypeChoice]
    /// Where files are sent, when the folder may hold files.
    let uploadAction: String?

    /// The forms for `folder` of `type`, or `nil` when the reader (holding `permissions`) may
    /// not add to it.
    init?(_ folder: Document, type: DocumentType, permissions: Set<String>, formToken: String) {
        guard !folder.isVersion, !folder.isTrashed, permissions.contains(Permission.addChildren), !type.subtypes.isEmpty else { return nil }
        self.formToken = formToken
        createAction = ConsoleLink.folderChange(folderID: folder.id, "create")
        types = type.subtypes.map(TypeChoice.init(name:))
        uploadAction = type.subtypes.contains("File") ? ConsoleLink.folderChange(folderID: folder.id, "upload") : nil
    }
}
