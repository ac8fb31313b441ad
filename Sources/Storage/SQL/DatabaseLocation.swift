import Foundation

/// Where Chancery keeps its relational data: an embedded SQLite file or a PostgreSQL server.
///
/// Parse one from what an operator types with ``init(parsing:)``:
///
/// ```swift
/// let embedded = try DatabaseLocation(parsing: "sqlite:///var/lib/chancery/chancery.sqlite")
/// let server = try DatabaseLocation(parsing: "postgres://chancery:secret@db:5432/chancery")
/// ```
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// A SQLite database file, opened in WAL mode.
    case sqlite(path: String)
    /// A PostgreSQL server reached with a `postgres://` URL.
    case postgres(url: String)

    /// Parses `sqlite:PATH`, `sqlite://PATH`, `postgres://…`, `postgresql://…`, or a bare file path.
    ///
    /// - Throws: ``StorageError/invalidDatabaseURL(_:)`` for any other scheme.
    public init(parsing text: String) throws {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else if text.hasPrefix("sqlite://") {
            self = .sqlite(path: String(text.dropFirst("sqlite://".count)))
        } else if text.hasPrefix("sqlite:") {
            self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
        } else if !text.contains("://"), !text.isEmpty {
            self = .sqlite(path: text)
        } else {
            throw StorageError.invalidDatabaseURL(text)
        }
    }

    /// The embedded default: `chancery.sqlite` inside the data directory.
    public static func embedded(in dataDirectory: String) -> DatabaseLocation {
        .sqlite(path: URL(fileURLWithPath: dataDirectory).appendingPathComponent("chancery.sqlite").path)
    }

    /// The file of a SQLite database on disk; `nil` for PostgreSQL and for SQLite's in-memory
    /// (`:memory:`) and URI (`file:…`) names, which the server does not manage as files.
    public var sqliteFile: String? {
        guard case .sqlite(let path) = self, !path.isEmpty, !path.hasPrefix(":"), !path.hasPrefix("file:") else { return nil }
        return path
    }

    /// The location with any password replaced by `***`, safe to log.
    public var description: String {
        switch self {
        case .sqlite(let path):
            return "sqlite://\(path)"
        case .postgres(let url):
            guard var components = URLComponents(string: url), components.password != nil else { return url }
            components.password = "***"
            return components.string ?? "postgres://***"
        }
    }
}
