/// A database file could not be created or given its owner-only mode.
public struct FileModeError: Error, CustomStringConvertible {
    /// The file.
    public let path: String
    /// The system's error number.
    public let errno: Int32

    public var description: String {
        "cannot create \(path) or make it readable by its owner only (errno \(errno)); check the directory's owner and permissions"
    }
}
