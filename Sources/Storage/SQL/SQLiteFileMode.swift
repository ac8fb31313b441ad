#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a SQLite database readable by the server's own user only, wherever `--database`
/// points.
///
/// The database file is created `0600` before SQLite opens it; SQLite gives the `-wal` and
/// `-shm` files it creates later the mode of the database file. Files an older version left
/// with a wider mode are narrowed to `0600` at open.
enum SQLiteFileMode {
    /// The mode of the database and its companion files: owner read and write.
    static let ownerOnly: mode_t = 0o600

    /// Creates the database file of `location` if missing and narrows the modes of it and of
    /// its `-wal` and `-shm` files to ``ownerOnly``. In-memory and URI names are left alone
    /// (``DatabaseLocation/sqliteFile``).
    static func restrict(_ location: DatabaseLocation) throws {
        guard let path = location.sqliteFile else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, ownerOnly)
        guard descriptor >= 0 else { throw FileModeError(path: path, errno: errno) }
        close(descriptor)
        for file in [path, path + "-wal", path + "-shm"] {
            if chmod(file, ownerOnly) != 0, errno != ENOENT {
                throw FileModeError(path: file, errno: errno)
            }
        }
    }
}
