/// What can go wrong with a repository operation, each with a message fit for the client.
public enum RepositoryError: Error, Equatable, CustomStringConvertible {
    /// No document answers to this reference (or the caller may not know it exists).
    case documentNotFound(String)
    /// The caller lacks `permission` on the document at `path`.
    case forbidden(permission: String, path: String)
    /// The document is locked by someone else.
    case locked(path: String, owner: String)
    /// The request is not valid: an unknown type, a bad property value, a forbidden move.
    case invalid(String)
    /// The operation conflicts with the document's state (a transition not allowed from it).
    case conflict(String)
    /// An uploaded file is larger than the per-file upload cap, `limit` bytes.
    case fileTooLarge(limit: Int64)
    /// Storing an upload would take the caller past its storage quota of `limit` bytes.
    case quotaExceeded(limit: Int64)
    /// No converter on this server makes what was asked for; the message says which.
    case converterUnavailable(String)
    /// The blob could not be converted: it is damaged, too large or too complex.
    case conversionFailed(String)
    /// No directory has this name.
    case directoryNotFound(String)
    /// The directory has no entry with this id.
    case directoryEntryNotFound(directory: String, id: String)
    /// The caller may read the directory but not change it.
    case directoryNotEditable(String)
    /// No workflow, workflow model or task answers to this id (or the caller may not see it);
    /// the message names what was asked for.
    case workflowNotFound(String)
    /// No user or group has this name.
    case principalNotFound(String)
    /// The caller may see the task or workflow but not act on it; the message says what.
    case workflowForbidden(String)

    public var description: String {
        switch self {
        case .documentNotFound(let reference): return "Failed to get document \(reference)"
        case .forbidden(let permission, let path): return "Privilege '\(permission)' is not granted to the current user on \(path)"
        case .locked(let path, let owner): return "Document \(path) is locked by \(owner)"
        case .invalid(let message), .conflict(let message), .converterUnavailable(let message), .conversionFailed(let message): return message
        case .fileTooLarge(let limit): return "The file is larger than the upload limit of \(limit) bytes"
        case .quotaExceeded(let limit): return "Storing this file would exceed your storage quota of \(limit) bytes"
        case .directoryNotFound(let name): return "Directory \(name) was not found"
        case .directoryEntryNotFound(let directory, let id): return "Entry \(id) was not found in directory \(directory)"
        case .directoryNotEditable(let name): return "Not allowed to edit directory \(name)"
        case .workflowNotFound(let message), .workflowForbidden(let message): return message
        case .principalNotFound(let name): return "No user or group named '\(name)'"
        }
    }
}
