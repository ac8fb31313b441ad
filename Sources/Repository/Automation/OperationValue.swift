/// What flows into and out of an automation operation.
public enum OperationValue: Sendable {
    /// Nothing.
    case void
    /// One document.
    case document(Document)
    /// Several documents; `page` when they are one page of a query.
    case documents([Document], page: DocumentPage?)
    /// One blob.
    case blob(BlobInfo)
    /// Several blobs.
    case blobs([BlobInfo])

    /// The type name the operation registry uses for this value.
    var typeName: String {
        switch self {
        case .void: return "void"
        case .document: return "document"
        case .documents: return "documents"
        case .blob: return "blob"
        case .blobs: return "blobs"
        }
    }
}

/// The input an automation request names, before documents are resolved.
public typealias OperationInput = OperationValue
