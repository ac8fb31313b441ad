import Foundation
import HTTPSupport
import JSON

/// The forms of a document's page that change it (the `document-editing` template), for a
/// person signed in with the browser: only the forms of what their permissions allow, each
/// with the session's form token.
struct DocumentEditingForms: Sendable {
    /// A permission the add form offers.
    struct Choice: Sendable {
        let name: String
    }

    /// A local ACL entry, by the id its removal names.
    struct LocalEntry: Sendable {
        let id: String
        let principal: String
        let permission: String
        let isGranted: Bool
        let blocksInheritance: Bool
    }

    /// One property the properties form edits.
    struct PropertyField: Sendable {
        /// The property's key (`dc:title`), the field's name.
        let key: String
        /// The input's id.
        let id: String
        let value: String
        /// Whether it takes several lines (a description, a note).
        let isLong: Bool
        /// Whether it must not be empty (the title).
        let isRequired: Bool
    }

    /// The form of the document's text properties.
    struct Properties: Sendable {
        let action: String
        let fields: [PropertyField]
    }

    /// The text properties of `schemas` a person edits on the page, in schema order: every
    /// `string` field but those the server keeps itself.
    static func editableKeys(of schemas: [Schema]) -> [String] {
        schemas.flatMap { schema in
            schema.fields.filter { if case .string = $0.value { true } else { false } }.keys.sorted().map(schema.key(of:))
        }.filter { !TypeRegistry.serverMaintainedKeys.contains($0) }
    }

    /// The keys whose values take several lines.
    static let longKeys: Set<String> = ["dc:description", "note:note"]

    /// The forms that add and remove permissions.
    struct Permissions: Sendable {
        let addAction: String
        let removeAction: String
        let choices: [Choice]
        let entries: [LocalEntry]
    }

    let formToken: String
    let properties: Properties?
    /// Where a new main file is sent (by the page's script), when the document holds one.
    let fileAction: String?
    let lockAction: String?
    let unlockAction: String?
    let trashAction: String?
    let restoreAction: String?
    let permissions: Permissions?
    /// Whether any form is shown.
    let hasForms: Bool

    /// The forms for `document`, whose reader holds `held` (``Permission/reported`` names)
    /// and is named `userName`.
    init(
        _ document: Document, schemas: [Schema], localACL: [AccessControlEntry], permissions held: Set<String>, userName: String,
        formToken: String
    ) {
        let holdsFile = schemas.contains { $0.name == "file" }
        let changeable = !document.isVersion
        let writable = changeable && held.contains(Permission.writeProperties)
        self.formToken = formToken
        properties =
            writable
            ? Properties(
                action: ConsoleLink.change(documentID: document.id, "properties"),
                fields: Self.editableKeys(of: schemas).map { key in
                    PropertyField(
                        key: key, id: "edit-" + key.replacingOccurrences(of: ":", with: "-"), value: document.properties[key]?.stringValue ?? "",
                        isLong: Self.longKeys.contains(key), isRequired: key == "dc:title")
                }) : nil
        fileAction = writable && holdsFile ? ConsoleLink.change(documentID: document.id, "file") : nil
        lockAction = writable && document.lockOwner == nil ? ConsoleLink.change(documentID: document.id, "lock") : nil
        let mayUnlock = document.lockOwner == userName ? writable : held.contains(Permission.unlock)
        unlockAction = changeable && document.lockOwner != nil && mayUnlock ? ConsoleLink.change(documentID: document.id, "unlock") : nil
        let removable = changeable && document.path != "/" && held.contains(Permission.remove)
        trashAction = removable && !document.isTrashed ? ConsoleLink.change(documentID: document.id, "trash") : nil
        restoreAction = removable && document.isTrashed ? ConsoleLink.change(documentID: document.id, "restore") : nil
        permissions =
            changeable && held.contains(Permission.writeSecurity)
            ? Permissions(
                addAction: ConsoleLink.change(documentID: document.id, "permissions"),
                removeAction: ConsoleLink.removePermission(documentID: document.id),
                choices: RepositoryConsole.grantedPermissions.map(Choice.init(name:)),
                entries: localACL.map { entry in
                    LocalEntry(
                        id: entry.id, principal: entry.principal, permission: entry.permission, isGranted: entry.isGranted,
                        blocksInheritance: entry == .blockInheritance)
                }) : nil
        hasForms =
            properties != nil || fileAction != nil || lockAction != nil || unlockAction != nil || trashAction != nil || restoreAction != nil
            || permissions != nil
    }
}
