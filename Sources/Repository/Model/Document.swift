import Foundation
import JSON

/// A document as the repository stores it: its place in the tree, its type, state and
/// properties.
public struct Document: Sendable, Equatable {
    /// The document's id, a lower-case UUID.
    public var id: String
    /// The folder that contains it; `nil` for the root and for versions.
    public var parentID: String?
    /// The last segment of its path.
    public var name: String
    /// Its absolute path, `/` for the root. A version keeps its live document's path.
    public var path: String
    /// Its position among its siblings.
    public var position: Int
    /// The name of its type.
    public var type: String
    /// Facets added to this document beyond those of its type.
    public var instanceFacets: [String]
    /// Its lifecycle state, or `nil` for types without a lifecycle.
    public var state: String?
    /// Whether it is in the trash.
    public var isTrashed: Bool
    /// Whether it is a frozen version of another document.
    public var isVersion: Bool
    /// Whether it is checked in (unchanged since its last version).
    public var isCheckedIn: Bool
    /// For a version: whether it is the newest version of its document.
    public var isLatestVersion: Bool
    /// For a version: the id of the live document it was taken from.
    public var versionSeriesID: String?
    /// `major.minor`, or `nil` when it was never versioned.
    public var versionLabel: String?
    /// Who holds its lock, if anyone.
    public var lockOwner: String?
    /// When the lock was taken.
    public var lockCreated: Date?
    /// Increases with every change; clients send it back to detect concurrent edits.
    public var changeToken: Int
    /// Its properties by JSON key (`dc:title`). Dates are ISO 8601 text; blobs are objects.
    public var properties: [String: JSONValue]
    /// The id of its effective read ACL.
    public var readACLID: String
    /// When it was created.
    public var createdAt: Date
    /// When it last changed.
    public var modifiedAt: Date

    /// Its title: `dc:title`, or its name when it has none.
    public var title: String {
        if case .string(let title) = properties["dc:title"] ?? .null, !title.isEmpty { return title }
        return name
    }

    /// The path of the folder that contains it (`/` for top-level documents).
    public var parentPath: String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
