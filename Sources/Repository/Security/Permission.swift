/// Nuxeo's permissions and what each one includes.
///
/// An access-control entry that grants (or denies) `ReadWrite` grants (or denies) every
/// permission `ReadWrite` includes: `Read`, `Write`, and what those include in turn.
public enum Permission {
    /// Every permission.
    public static let everything = "Everything"
    /// See that a document exists (in listings and queries).
    public static let browse = "Browse"
    /// Read a document's properties and content.
    public static let read = "Read"
    /// Change a document.
    public static let write = "Write"
    /// Read and change.
    public static let readWrite = "ReadWrite"
    /// Change a document's properties.
    public static let writeProperties = "WriteProperties"
    /// Follow lifecycle transitions.
    public static let writeLifeCycle = "WriteLifeCycle"
    /// Check in versions.
    public static let version = "Version"
    /// Remove someone else's lock.
    public static let unlock = "Unlock"
    /// Delete a document.
    public static let remove = "Remove"
    /// Create documents inside a folder.
    public static let addChildren = "AddChildren"
    /// Delete documents inside a folder.
    public static let removeChildren = "RemoveChildren"
    /// Change a document's access-control list.
    public static let writeSecurity = "WriteSecurity"

    /// The permissions each compound permission includes directly.
    private static let includes: [String: [String]] = [
        "Everything": ["ReadWrite", "ReadRemove", "Remove", "WriteSecurity", "ReadSecurity", "Unlock", "ManageWorkflows"],
        "ReadWrite": ["Read", "Write"],
        "ReadRemove": ["Read", "Remove"],
        "Read": ["Browse", "ReadProperties", "ReadChildren", "ReadLifeCycle", "ReadVersion", "ReadSecurity"],
        "Write": ["AddChildren", "RemoveChildren", "WriteProperties", "WriteLifeCycle", "WriteVersion", "Version"],
    ]

    /// The permissions the `permissions` enricher reports, in Nuxeo's order.
    public static let reported = [
        "Browse", "Read", "ReadCanCollect", "ReadWrite", "ReadRemove", "ReadProperties", "ReadChildren", "ReadLifeCycle",
        "ReadVersion", "Write", "WriteProperties", "AddChildren", "RemoveChildren", "WriteLifeCycle", "WriteVersion",
        "Version", "Remove", "ReadSecurity", "WriteSecurity", "Unlock", "Everything",
    ]

    /// Every permission a client may grant: the reported ones.
    public static let grantable = Set(reported)

    /// Whether holding `granted` means holding `requested`.
    public static func permission(_ granted: String, includes requested: String) -> Bool {
        if granted == requested { return true }
        return (includes[granted] ?? []).contains { permission($0, includes: requested) }
    }
}
