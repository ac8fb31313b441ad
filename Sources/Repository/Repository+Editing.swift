import Accounts
import Foundation
import JSON
import SQLKit
import Storage

/// Creating, changing, moving and deleting documents.
extension Repository {
    /// Creates the fresh layout (spec §5.3) unless the repository has a root already:
    /// `/` with the root ACL, `/default-domain` and its sections, templates and workspaces.
    public func bootstrap() async throws {
        // Serialized, so that instances starting together on an empty database make one tree.
        try await database.withTransaction(serializedBy: Self.bootstrapLock) { sql in
            guard try await DocumentStore.document(path: "/", in: sql) == nil else { return }
            let rootACL = [
                AccessControlEntry(principal: AccountStore.administratorName, permission: Permission.everything, isGranted: true),
                AccessControlEntry(principal: Group.administrators, permission: Permission.everything, isGranted: true),
                AccessControlEntry(principal: Group.members, permission: Permission.read, isGranted: true),
            ]
            let readACL = ReadACL(effective: rootACL)
            try await DocumentStore.storeReadACL(readACL, in: sql)
            let root = try await insertNew(
                type: "Root", name: "", path: "/", parentID: nil, position: 0,
                properties: [:], author: "system", readACLID: readACL.id, in: sql)
            try await DocumentStore.setLocalACL(rootACL, of: root.id, in: sql)
            let domain = try await insertNew(
                type: "Domain", name: "default-domain", path: "/default-domain", parentID: root.id, position: 0,
                properties: ["dc:title": .string("Domain")], author: "system", readACLID: readACL.id, in: sql)
            for (position, (type, name, title)) in [
                ("SectionRoot", "sections", "Sections"), ("TemplateRoot", "templates", "Templates"), ("WorkspaceRoot", "workspaces", "Workspaces"),
            ].enumerated() {
                _ = try await insertNew(
                    type: type, name: name, path: "/default-domain/\(name)", parentID: domain.id, position: position,
                    properties: ["dc:title": .string(title)], author: "system", readACLID: readACL.id, in: sql)
            }
        }
    }

    /// Creates a document of `type` inside `parent`.
    ///
    /// - Parameters:
    ///   - name: The wanted name; derived from the title when `nil` or empty. A name taken by
    ///     a sibling gets a numeric suffix (`report.1`).
    ///   - properties: Property values by JSON key; unknown keys are an error, server-maintained
    ///     ones are ignored.
    ///   - serverBlobs: Blobs the server itself stored for this request (a file it received),
    ///     which `properties` may name though no upload batch holds them.
    /// - Throws: ``RepositoryError/forbidden(permission:path:)`` without `AddChildren` on the parent,
    ///   ``RepositoryError/invalid(_:)`` for an unknown type, a type the parent may not contain or a bad value.
    public func create(
        type typeName: String, name: String?, properties: [String: JSONValue], in parent: Document,
        serverBlobs: [BlobInfo] = [], for checker: AccessChecker
    ) async throws -> Document {
        guard let type = registry.type(named: typeName), type.name != "Document", type.name != "Root" else {
            throw RepositoryError.invalid("unknown document type '\(typeName)'")
        }
        guard !parent.isVersion, self.type(of: parent).isFolderish else {
            throw RepositoryError.invalid("\(parent.path) is not a folder; documents cannot be created in it")
        }
        try await require(Permission.addChildren, on: parent, for: checker)
        let values = try await storedValues(properties, for: registry.schemas(of: type), current: [:], serverBlobs: serverBlobs, checker: checker)
        let baseName = try Self.baseName(requested: name, title: values["dc:title"]?.stringValue, type: type.name)
        // Usually the folder is as the request found it and the name is free: then one
        // statement, made before the transaction, checks that and inserts, and the document's
        // full-text entry and history go with it. Otherwise the folder is read again, in a
        // transaction of its own.
        var document = newDocument(
            type: type.name, name: baseName, path: Self.path(of: baseName, in: parent.path), parentID: parent.id, position: 0,
            properties: values, author: checker.userName, readACLID: parent.readACLID
        )
        let writes: [any SQLExpression] = [
            DocumentStore.insertionAsLastChild(of: document, facets: facets(of: document), folderPath: parent.path),
            fullTextEntry(of: document), try AuditLog.entry(.created, on: document, by: checker.userName),
        ]
        do {
            document.position = try await database.withTransaction { sql in
                try await DocumentStore.lockNames(in: parent.id, in: sql)
                let answers = try await sql.runInOrder(writes)
                guard let inserted = answers[0].first else { throw FolderChangedOrNameTaken() }
                return try inserted.decode(column: "pos", as: Int.self)
            }
            return document
        } catch is FolderChangedOrNameTaken {
            return try await database.withTransaction { sql in
                try await DocumentStore.lockNames(in: parent.id, in: sql)
                guard let place = try await DocumentStore.placeForChild(named: baseName, in: parent.id, in: sql) else {
                    throw RepositoryError.documentNotFound(parent.path)
                }
                let name = place.nameIsTaken ? try await Self.uniqueName(baseName, in: parent.id, in: sql) : baseName
                return try await insertNew(
                    type: type.name, name: name, path: Self.path(of: name, in: place.folderPath), parentID: parent.id,
                    position: place.position, properties: values, author: checker.userName, readACLID: place.readACLID,
                    recording: .created, in: sql
                )
            }
        }
    }

    /// Changes properties of `document`; keys not given keep their values.
    ///
    /// A checked-in document is checked out first. With `versioning`, a version is checked in
    /// after the change.
    ///
    /// - Parameters:
    ///   - ignoringUnknownKeys: Skip keys none of the document's schemas has, instead of
    ///     refusing them: REST clients send back whole entities, fields of other versions of a
    ///     schema included.
    ///   - serverBlobs: Blobs the server itself stored for this request, which `properties`
    ///     may name besides the blobs the document holds already.
    public func update(
        _ document: Document, properties: [String: JSONValue], versioning: VersionIncrement? = nil,
        ignoringUnknownKeys: Bool = false, serverBlobs: [BlobInfo] = [], for checker: AccessChecker
    ) async throws -> Document {
        try await require(Permission.writeProperties, on: document, for: checker)
        try Self.requireUnlocked(document, for: checker)
        guard !document.isVersion else { throw RepositoryError.invalid("versions cannot be changed") }
        var properties = properties
        if ignoringUnknownKeys {
            let known = Set(schemas(of: document).flatMap(\.keys))
            properties = properties.filter { known.contains($0.key) }
        }
        let values = try await storedValues(
            properties, for: schemas(of: document), current: document.properties, serverBlobs: serverBlobs, checker: checker
        )
        var updated = try await commit(recording: { _ in .modified }, by: checker.userName) { sql in
            var current = try await Self.find(.id(document.id), in: sql)
            for (key, value) in values { current.properties[key] = value }
            current.isCheckedIn = false
            self.touch(&current, by: checker.userName)
            try await DocumentStore.save(current, facets: self.facets(of: current), in: sql)
            try await sql.raw(self.fullTextEntry(of: current)).run()
            return current
        }
        if let versioning {
            updated = try await checkIn(updated, increment: versioning, for: checker)
        }
        return updated
    }

    /// Deletes `document` with everything below it and, for a live document, its versions.
    public func delete(_ document: Document, for checker: AccessChecker) async throws {
        try await require(Permission.remove, on: document, for: checker)
        try Self.requireUnlocked(document, for: checker)
        guard document.path != "/" || document.isVersion else { throw RepositoryError.invalid("the root cannot be deleted") }
        _ = try await commit(recording: { _ in .removed }, by: checker.userName) { sql in
            FullTextQueue.moveBeforeEachCommit(of: database)
            if document.isVersion {
                try await DocumentStore.delete([document.id], in: sql)
            } else {
                try await DocumentStore.deleteSubtree(at: document.path, in: sql)
            }
            return document
        }
    }

    /// Moves `document` into `target`, renamed to `name` when given.
    public func move(_ document: Document, to target: Document, name: String?, for checker: AccessChecker) async throws -> Document {
        guard !document.isVersion, document.path != "/" else { throw RepositoryError.invalid("\(document.path) cannot be moved") }
        guard self.type(of: target).isFolderish, !target.isVersion else {
            throw RepositoryError.invalid("\(target.path) is not a folder")
        }
        guard target.path != document.path, !target.path.hasPrefix(document.path + "/") else {
            throw RepositoryError.invalid("\(document.path) cannot be moved into itself")
        }
        try await require(Permission.remove, on: document, for: checker)
        try await require(Permission.addChildren, on: target, for: checker)
        try Self.requireUnlocked(document, for: checker)
        let moved = try await commit(recording: { _ in .moved }, by: checker.userName) { sql in
            try await DocumentStore.lockNames(in: target.id, in: sql)
            var current = try await Self.find(.id(document.id), in: sql)
            let wanted = try Self.sanitized(name ?? current.name) ?? current.name
            guard let place = try await DocumentStore.placeForChild(named: wanted, in: target.id, in: sql) else {
                throw RepositoryError.documentNotFound(target.path)
            }
            let keepsItsName = !place.nameIsTaken || (target.id == current.parentID && wanted == current.name)
            let newName = keepsItsName ? wanted : try await Self.uniqueName(wanted, in: target.id, in: sql)
            let newPath = Self.path(of: newName, in: place.folderPath)
            try await DocumentStore.movePaths(from: current.path, to: newPath, in: sql)
            current.path = newPath
            current.name = newName
            current.parentID = target.id
            current.position = place.position
            self.touch(&current, by: checker.userName)
            try await DocumentStore.save(current, facets: self.facets(of: current), in: sql)
            return current
        }
        try await refreshReadACLs(under: moved.path)
        return try await database.withReadConnection { sql in try await Self.find(.id(moved.id), in: sql) }
    }

    /// Sets the blob at `xpath` (`file:content`, `files:files`, `files:files/2/file`) of
    /// `document`; for a list field, `blob` is appended.
    ///
    /// `blob` must be one the server stored for the caller (an upload it received): it is
    /// attached without the reference checks client-sent property values go through.
    public func attach(_ blob: BlobInfo?, to document: Document, xpath: String, for checker: AccessChecker) async throws -> Document {
        guard let path = BlobPath(xpath) else { throw RepositoryError.invalid("'\(xpath)' is not a blob path") }
        var value = document.properties[path.key] ?? .null
        switch path {
        case .field:
            value = blob?.stored ?? .null
        case .list(_, let itemField):
            guard let blob else { return try await update(document, properties: [path.key: .array([])], for: checker) }
            var items = value.arrayValue ?? []
            items.append(.object([itemField: blob.stored]))
            value = .array(items)
        case .item(_, let index, let itemField):
            var items = value.arrayValue ?? []
            guard index <= items.count else { throw RepositoryError.invalid("\(xpath) is past the end of the list") }
            let item: JSONValue = blob.map { .object([itemField: $0.stored]) } ?? .null
            if index == items.count { items.append(item) } else { items[index] = item }
            value = .array(items.filter { $0 != .null })
        }
        return try await update(document, properties: [path.key: value], serverBlobs: blob.map { [$0] } ?? [], for: checker)
    }

    /// The blob at `xpath` of `document` (`blobholder:0` is the main blob), or `nil`.
    public func blob(at xpath: String, of document: Document) -> BlobInfo? {
        if xpath == "blobholder:0" || xpath.isEmpty {
            if let main = document.properties["file:content"].flatMap(BlobInfo.init) { return main }
            return document.properties["files:files"]?.arrayValue?.first.flatMap { $0.objectValue?["file"] }.flatMap(BlobInfo.init)
        }
        // blobholder:N after the main blob: the attachments, in order.
        if xpath.hasPrefix("blobholder:"), let index = Int(xpath.dropFirst("blobholder:".count)), index > 0 {
            return blob(at: "files:files/\(index - 1)/file", of: document)
        }
        switch BlobPath(xpath) {
        case nil: return nil
        case .field(let key)?: return document.properties[key].flatMap(BlobInfo.init)
        case .list?: return nil
        case .item(let key, let index, let itemField)?:
            let items = document.properties[key]?.arrayValue ?? []
            guard items.indices.contains(index) else { return nil }
            return items[index].objectValue?[itemField].flatMap(BlobInfo.init)
        }
    }

    // MARK: Helpers

    /// Inserts a brand-new document with the server-maintained properties filled in, and
    /// records `event` on it when given.
    func insertNew(
        type: String, name: String, path: String, parentID: String?, position: Int, properties: [String: JSONValue],
        author: String, readACLID: String, recording event: AuditEvent? = nil, in sql: any SQLDatabase
    ) async throws -> Document {
        let document = newDocument(
            type: type, name: name, path: path, parentID: parentID, position: position, properties: properties, author: author,
            readACLID: readACLID
        )
        // Sent at once: the caller waits for one answer.
        var writes: [any SQLExpression] = [
            DocumentStore.insertion(of: document, facets: facets(of: document)), fullTextEntry(of: document),
        ]
        if let event { writes.append(try AuditLog.entry(event, on: document, by: author)) }
        try await sql.runInOrder(writes)
        return document
    }

    /// A document created now by `author`, with the server-maintained properties filled in.
    private func newDocument(
        type: String, name: String, path: String, parentID: String?, position: Int, properties: [String: JSONValue],
        author: String, readACLID: String
    ) -> Document {
        let now = Date()
        let documentType = registry.type(named: type)
        var document = Document(
            id: UUID().uuidString.lowercased(), parentID: parentID, name: name, path: path, position: position, type: type,
            instanceFacets: [], state: documentType?.hasLifecycle == false ? nil : Lifecycle.initialState,
            isTrashed: false, isVersion: false, isCheckedIn: false, isLatestVersion: false, versionSeriesID: nil, versionLabel: nil,
            lockOwner: nil, lockCreated: nil, changeToken: 0, properties: properties, readACLID: readACLID,
            createdAt: now, modifiedAt: now
        )
        let keys = Set(schemas(of: document).flatMap(\.keys))
        if keys.contains("dc:created") {
            document.properties["dc:created"] = .string(NuxeoDate.format(now))
            document.properties["dc:creator"] = .string(author)
        }
        if keys.contains("uid:major_version") {
            document.properties["uid:major_version"] = .integer(0)
            document.properties["uid:minor_version"] = .integer(0)
        }
        touch(&document, by: author)
        return document
    }

    /// The path of the child `name` of the folder at `folderPath`.
    static func path(of name: String, in folderPath: String) -> String {
        folderPath == "/" ? "/\(name)" : "\(folderPath)/\(name)"
    }

    /// Records a change: a new change token, `dc:modified` and the contributors.
    func touch(_ document: inout Document, by author: String) {
        let now = Date()
        document.changeToken += 1
        document.modifiedAt = now
        guard schemas(of: document).contains(where: { $0.name == "dublincore" }) else { return }
        document.properties["dc:modified"] = .string(NuxeoDate.format(now))
        document.properties["dc:lastContributor"] = .string(author)
        var contributors = document.properties["dc:contributors"]?.arrayValue ?? []
        if !contributors.contains(.string(author)) { contributors.append(.string(author)) }
        document.properties["dc:contributors"] = .array(contributors)
    }

    /// The statement that replaces the full-text entry of `document`, to run in `sql`, a
    /// transaction; on SQLite the entry is moved into the index as the transaction ends
    /// (``FullTextQueue``).
    func fullTextEntry(of document: Document) -> SQLQueryString {
        FullTextQueue.moveBeforeEachCommit(of: database)
        return DocumentStore.fullTextEntry(document.id, text: fullText(of: document), engine: database.engine)
    }

    /// The text the full-text index holds for `document`: its name, title, description,
    /// subjects, note and blob file names.
    func fullText(of document: Document) -> String {
        var parts = [document.name, document.title]
        for key in ["dc:description", "note:note"] {
            if let text = document.properties[key]?.stringValue { parts.append(text) }
        }
        parts += (document.properties["dc:subjects"]?.arrayValue ?? []).compactMap(\.stringValue)
        if let blob = blob(at: "blobholder:0", of: document) { parts.append(blob.name) }
        return parts.joined(separator: " ")
    }

    /// Checks and converts client-sent properties for a document with `schemas`.
    private func storedValues(
        _ properties: [String: JSONValue], for schemas: [Schema], current: [String: JSONValue], serverBlobs: [BlobInfo],
        checker: AccessChecker
    ) async throws -> [String: JSONValue] {
        let usable = current.values.flatMap(BlobInfo.all(in:)) + serverBlobs
        let allowed = Set(schemas.flatMap(\.keys))
        var values: [String: JSONValue] = [:]
        for (key, value) in properties {
            guard !TypeRegistry.serverMaintainedKeys.contains(key) else { continue }
            guard allowed.contains(key), let (_, type) = registry.field(forKey: key) else {
                throw RepositoryError.invalid("unknown property '\(key)' for this document")
            }
            values[key] = try await PropertyCoercion.coerce(value, to: type, key: key) { [self] blobValue, blobKey in
                try await self.storedBlob(blobValue, key: blobKey, usable: usable, checker: checker)
            }
        }
        return values
    }

    /// The stored form of a blob value, accepted only through a reference that proves the
    /// caller may use the bytes: an upload batch of the caller's own, or one of `usable`, the
    /// blobs the document being changed already holds (clients echo a document's blobs back on
    /// update) and those the server stored for this request.
    ///
    /// A bare digest is never looked up in the blob store: the transparency log publishes
    /// digests, so knowing one proves nothing. A reference the caller may not use and one to
    /// nothing at all get the same error, so the answer reveals nothing about other users' blobs.
    private func storedBlob(_ value: JSONValue, key: String, usable: [BlobInfo], checker: AccessChecker) async throws -> JSONValue {
        if case .object(let fields) = value, let batch = fields["upload-batch"]?.stringValue {
            let index = fields["upload-fileId"].flatMap { $0.stringValue.flatMap(Int.init) ?? $0.integerValue } ?? 0
            return try await uploads.blob(index, of: batch, owner: checker.principal).stored
        }
        let refusal = RepositoryError.invalid(
            "property '\(key)' must be an upload-batch reference or a blob this document already holds"
        )
        guard let blob = BlobInfo(value) else { throw refusal }
        guard usable.contains(where: { $0.digest == blob.digest && $0.length == blob.length }) else { throw refusal }
        return blob.stored
    }

    /// Throws ``RepositoryError/locked(path:owner:)`` when someone other than the caller holds
    /// the document's lock.
    static func requireUnlocked(_ document: Document, for checker: AccessChecker) throws {
        if let owner = document.lockOwner, owner != checker.userName {
            throw RepositoryError.locked(path: document.path, owner: owner)
        }
    }

    /// `requested` cleaned up, or the title (first 24 characters), or a name from the type.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when the name used has a control character.
    static func baseName(requested: String?, title: String?, type: String) throws -> String {
        if let name = try sanitized(requested ?? "") { return name }
        if let name = try sanitized(String((title ?? "").prefix(24))) { return name }
        return type.lowercased()
    }

    /// `name` with slashes replaced and surrounding spaces removed; `nil` when nothing is left.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when `name` has a control character
    ///   (U+0000–U+001F or U+007F): a name is a path component, and those would corrupt paths,
    ///   logs and the file names clients derive from it.
    static func sanitized(_ name: String) throws -> String? {
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw RepositoryError.invalid("a document name may not contain control characters (U+0000–U+001F, U+007F)")
        }
        let cleaned = name.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: "\\", with: "-")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? nil : cleaned
    }

    /// `name`, or `name.1`, `name.2`… whichever no sibling in `parentID` has.
    static func uniqueName(_ name: String, in parentID: String, in sql: any SQLDatabase) async throws -> String {
        var candidate = name
        var suffix = 0
        while try await DocumentStore.nameIsTaken(candidate, in: parentID, in: sql) {
            suffix += 1
            candidate = "\(name).\(suffix)"
        }
        return candidate
    }
}

/// A new document's folder is not as the request found it (gone, moved or secured otherwise),
/// or a live child of it has the document's name: the creation's statements inserted nothing,
/// and it reads the folder again.
private struct FolderChangedOrNameTaken: Error {}
