import Foundation
import JSON

/// Directories: the vocabularies document fields take their values from (`nature`,
/// `l10nsubjects`, `l10ncoverage`, `language`, …). Every caller may read them; only
/// administrators change their entries. The directories themselves are fixed
/// (``ShippedVocabularies``); their entries live in the database, so that every instance sees
/// the same ones.
extension Repository {
    /// The most entries one directory holds.
    public static let maxDirectoryEntries = 10_000
    /// The longest entry id, in characters.
    public static let maxDirectoryEntryIDLength = 255
    /// The longest text value of an entry, in characters.
    public static let maxDirectoryValueLength = 1_000

    private var directoryEntries: DirectoryEntryStore { DirectoryEntryStore(database: database) }

    /// The directories, those of one of `types` when any are given.
    public func directories(types: [String] = []) -> [DirectoryDefinition] {
        ShippedVocabularies.directories.filter { types.isEmpty || !Set(types).isDisjoint(with: $0.types) }
    }

    /// The directory `name`.
    ///
    /// - Throws: ``RepositoryError/directoryNotFound(_:)``.
    public func directory(named name: String) throws -> DirectoryDefinition {
        guard let directory = ShippedVocabularies.directories.first(where: { $0.name == name }) else {
            throw RepositoryError.directoryNotFound(name)
        }
        return directory
    }

    /// A page of the entries of `directory`, sorted by `page.sortBy` (fields of its schema),
    /// by `ordering` then id when it names none, and how many entries there are.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` for a sort field the schema does not have.
    public func entries(of directory: DirectoryDefinition, page: PageRequest) async throws -> (entries: [DirectoryEntry], total: Int) {
        for field in page.sortBy where directory.schema.fields[field] == nil {
            throw RepositoryError.invalid("directory \(directory.name) cannot be sorted by '\(field)'")
        }
        let order: [(field: String, ascending: Bool)] =
            page.sortBy.isEmpty
            ? [("ordering", true), (directory.idField, true)]
            : page.sortBy.enumerated().map { index, field in
                (field, index < page.sortOrder.count ? page.sortOrder[index].lowercased() != "desc" : true)
            }
        let all = try await directoryEntries.entries(of: directory.name).sorted { left, right in
            Self.precedes(left, right, by: order)
        }
        let start = min(page.start, all.count)
        return (Array(all[start..<min(start + page.limit, all.count)]), all.count)
    }

    /// The entry `id` of `directory`.
    ///
    /// - Throws: ``RepositoryError/directoryEntryNotFound(directory:id:)``.
    public func entry(_ id: String, of directory: DirectoryDefinition) async throws -> DirectoryEntry {
        guard let entry = try await directoryEntries.entry(id, of: directory.name) else {
            throw RepositoryError.directoryEntryNotFound(directory: directory.name, id: id)
        }
        return entry
    }

    /// Adds an entry with `properties` to `directory`; the fields it leaves out take the
    /// directory's defaults, or `null`.
    ///
    /// - Throws: ``RepositoryError/directoryNotEditable(_:)`` unless the caller is an
    ///   administrator; ``RepositoryError/invalid(_:)`` for a missing or malformed id, an
    ///   unknown field, a value of the wrong type or too long, a parent that is not an entry,
    ///   or a full directory; ``RepositoryError/conflict(_:)`` when the id is taken.
    public func createEntry(
        _ properties: [String: JSONValue], in directory: DirectoryDefinition, for checker: AccessChecker
    ) async throws -> DirectoryEntry {
        try Self.requireEditing(directory, for: checker)
        var values = directory.defaults
        for field in directory.schema.fields.keys where values[field] == nil { values[field] = .null }
        values.merge(try await validated(properties, for: directory)) { $1 }
        guard case .string(let id)? = values[directory.idField], !id.isEmpty else {
            throw RepositoryError.invalid("the entry needs a '\(directory.idField)'")
        }
        guard id.count <= Self.maxDirectoryEntryIDLength, !id.contains("/") else {
            throw RepositoryError.invalid("an entry id has at most \(Self.maxDirectoryEntryIDLength) characters and no '/'")
        }
        let entry = DirectoryEntry(directory: directory.name, id: id, properties: values)
        try await requireParent(of: entry, in: directory)
        switch try await directoryEntries.insert(entry, limit: Self.maxDirectoryEntries) {
        case .inserted: return entry
        case .duplicate: throw RepositoryError.conflict("Entry with id \(id) already exists in directory \(directory.name)")
        case .full: throw RepositoryError.invalid("directory \(directory.name) holds at most \(Self.maxDirectoryEntries) entries")
        }
    }

    /// Sets the fields of `entry` that `properties` gives; its id stays.
    ///
    /// - Throws: ``RepositoryError/directoryNotEditable(_:)`` unless the caller is an
    ///   administrator; ``RepositoryError/invalid(_:)`` for another id, an unknown field, a value
    ///   of the wrong type or too long, or a parent that is not an entry;
    ///   ``RepositoryError/directoryEntryNotFound(directory:id:)`` when the entry is gone.
    public func updateEntry(
        _ entry: DirectoryEntry, with properties: [String: JSONValue], in directory: DirectoryDefinition, for checker: AccessChecker
    ) async throws -> DirectoryEntry {
        try Self.requireEditing(directory, for: checker)
        let changes = try await validated(properties, for: directory)
        if let id = changes[directory.idField], id != .string(entry.id) {
            throw RepositoryError.invalid("the id of entry \(entry.id) cannot change")
        }
        var updated = entry
        updated.properties.merge(changes) { $1 }
        try await requireParent(of: updated, in: directory)
        guard try await directoryEntries.update(updated) else {
            throw RepositoryError.directoryEntryNotFound(directory: directory.name, id: entry.id)
        }
        return updated
    }

    /// Removes `entry` from `directory`.
    ///
    /// - Throws: ``RepositoryError/directoryNotEditable(_:)`` unless the caller is an
    ///   administrator; ``RepositoryError/directoryEntryNotFound(directory:id:)`` when the
    ///   entry is gone already.
    public func deleteEntry(_ entry: DirectoryEntry, in directory: DirectoryDefinition, for checker: AccessChecker) async throws {
        try Self.requireEditing(directory, for: checker)
        guard try await directoryEntries.delete(entry.id, of: directory.name) else {
            throw RepositoryError.directoryEntryNotFound(directory: directory.name, id: entry.id)
        }
    }

    private static func requireEditing(_ directory: DirectoryDefinition, for checker: AccessChecker) throws {
        guard checker.isAdministrator else { throw RepositoryError.directoryNotEditable(directory.name) }
    }

    /// `properties` in their stored form: fields of the directory's schema only, each of its
    /// type, text no longer than ``maxDirectoryValueLength``.
    private func validated(_ properties: [String: JSONValue], for directory: DirectoryDefinition) async throws -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for (field, value) in properties {
            guard let type = directory.schema.fields[field] else {
                throw RepositoryError.invalid("directory \(directory.name) has no field '\(field)'")
            }
            let stored = try await PropertyCoercion.coerce(value, to: type, key: field) { _, key in
                throw RepositoryError.invalid("property '\(key)' cannot be a blob")
            }
            if case .string(let text) = stored, text.count > Self.maxDirectoryValueLength {
                throw RepositoryError.invalid("property '\(field)' has at most \(Self.maxDirectoryValueLength) characters")
            }
            values[field] = stored
        }
        return values
    }

    /// Checks that the `parent` of `entry`, if it names one, is another entry of the
    /// directory's parent directory.
    private func requireParent(of entry: DirectoryEntry, in directory: DirectoryDefinition) async throws {
        guard let parentDirectory = directory.parent, case .string(let parent)? = entry.properties["parent"], !parent.isEmpty else { return }
        guard !(parentDirectory == directory.name && parent == entry.id),
            try await directoryEntries.entry(parent, of: parentDirectory) != nil
        else { throw RepositoryError.invalid("parent '\(parent)' is not another entry of directory \(parentDirectory)") }
    }

    /// Whether `left` sorts before `right` by the fields of `order`, each ascending or not.
    private static func precedes(_ left: DirectoryEntry, _ right: DirectoryEntry, by order: [(field: String, ascending: Bool)]) -> Bool {
        for (field, ascending) in order {
            let (a, b) = (left.properties[field] ?? .null, right.properties[field] ?? .null)
            if a == b { continue }
            return ascending ? sortsBefore(a, b) : sortsBefore(b, a)
        }
        return left.id < right.id
    }

    /// The order of two values of one field: `null` first, then numbers or text.
    private static func sortsBefore(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, _): return true
        case (_, .null): return false
        case (.integer(let x), .integer(let y)): return x < y
        case (.string(let x), .string(let y)): return x < y
        default: return String(describing: a) < String(describing: b)
        }
    }
}
