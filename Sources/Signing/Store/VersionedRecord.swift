import Foundation

/// A record that a ``JSONBodyTable`` stores with a version check, so that two servers (or two
/// requests) changing one record cannot overwrite each other's change.
///
/// Its table has, besides `id`, `owner_id`, `created_at` and `body`, the columns `status`,
/// `name`, `updated_at` and `version`, which lists filter on (see ``ListFilter``).
protocol VersionedRecord: JSONBodyRecord {
    /// Its name, if it has one.
    var name: String? { get }
    /// The value of its `status` column.
    var storedStatus: String { get }
    /// When it last changed.
    var updatedAt: Date { get set }
    /// Bumped by each stored change.
    var version: Int { get set }
}

/// Another change to the record was stored first.
struct VersionConflict: Error {}
