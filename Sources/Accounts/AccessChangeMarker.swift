#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file next to a SQLite database that tells the processes using it that access was taken
/// away: every ``AccountStore`` that revokes a key or token, disables or deletes a user or
/// changes a membership appends a byte to it, and a store that keeps principals
/// (``PrincipalCache``) forgets them all when the file is no longer as it last saw it.
///
/// So a change made by the `chancery` command applies to a running server's next request, as
/// one made through the server does, at the cost of one `stat` per request that carries a
/// secret. Appending (`O_APPEND`) from any number of processes only ever grows the file, so
/// two changes never leave it as it was; the file's identity is compared too, so that a file
/// deleted and made again is noticed as well.
///
/// The file is `<database>-access`, mode 0600 like the database, and holds nothing secret.
struct AccessChangeMarker: Sendable {
    /// What a look at the file saw: which file it was and how long; `nil` for no file.
    struct Observation: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
    }

    /// The marker file.
    let path: String

    /// The marker of the SQLite database file at `databasePath`.
    init(databasePath: String) {
        path = databasePath + "-access"
    }

    /// The file as it is now, `nil` when there is none (no access was taken away since the
    /// database was made) or it cannot be looked at.
    func observe() -> Observation? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Observation(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size))
    }

    /// Appends a byte to the file, making it if need be.
    ///
    /// - Returns: Whether it was written. When it was not (a directory that became
    ///   read-only), other processes apply the change within their principals' lifetime.
    @discardableResult
    func record() -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var newline = UInt8(ascii: "\n")
        return write(descriptor, &newline, 1) == 1
    }
}
