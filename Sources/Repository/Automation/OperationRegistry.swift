/// The automation operations the server offers, looked up by id or alias, and their
/// description for `GET site/automation`.
public struct OperationRegistry: Sendable {
    private let byID: [String: Operation]
    private let operations: [Operation]

    /// Creates a registry of `operations`.
    public init(_ operations: [Operation]) {
        self.operations = operations.sorted { $0.id < $1.id }
        var byID: [String: Operation] = [:]
        for operation in operations {
            byID[operation.id] = operation
            for alias in operation.aliases { byID[alias] = operation }
        }
        self.byID = byID
    }

    /// Every operation Chancery implements.
    public static let standard = OperationRegistry(
        Operation.basicOperations + Operation.documentOperations + Operation.securityOperations + Operation.blobOperations
            + Operation.notarizationOperations
    )

    /// The operation answering to `id`, or `nil`.
    public func operation(_ id: String) -> Operation? { byID[id] }

    /// The registry document: `{"paths": …, "operations": […], "chains": []}`, the operations
    /// sorted by id.
    var description: OperationRegistryEntity {
        OperationRegistryEntity(operations: operations.map(OperationRegistryEntity.OperationEntry.init))
    }
}
