/// Why a key file cannot be used: each case names the file and says what to do, because
/// the server stops rather than replace a key that clients may have pinned.
public enum KeyFileError: Error, Equatable, CustomStringConvertible {
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// The file does not hold what its format expects (damaged, cut short, or not a key).
    case malformed(path: String, expected: String, reason: String)
    /// A new file cannot be written.
    case unwritable(path: String, reason: String)
    /// Of files made together, one exists and another does not.
    case incomplete(present: String, missing: String)
    /// Files that must belong together do not (a certificate not for its key, say).
    case inconsistent(paths: [String], reason: String)

    public var description: String {
        let restore =
            "Restore it from a backup. Only if the key is lost for good, move the file away: the server then makes a "
            + "new key, and what the old one signed or derived (log checkpoints, time stamps, tokens, links) stops verifying"
        switch self {
        case .unreadable(let path, let reason):
            return "The key file \(path) exists but cannot be read (\(reason)). Make it readable by the server's user. \(restore)."
        case .malformed(let path, let expected, let reason):
            return "The key file \(path) should hold \(expected), but \(reason): it is damaged or was cut short. \(restore)."
        case .unwritable(let path, let reason):
            return "The key file \(path) cannot be written (\(reason)). Let the server's user create files in its directory."
        case .incomplete(let present, let missing):
            return "The key file \(missing) is missing while \(present), made with it, exists. Restore \(missing) from a backup, "
                + "or move both away to have new ones made (what the old ones signed stops verifying)."
        case .inconsistent(let paths, let reason):
            return "The key files \(paths.joined(separator: ", ")) do not belong together (\(reason)). Restore them from a backup."
        }
    }
}
