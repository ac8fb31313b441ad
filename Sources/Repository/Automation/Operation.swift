/// One automation operation: its description for the registry and its implementation.
public struct Operation: Sendable {
    /// The id clients call it by, such as `Document.Create`.
    public let id: String
    /// Other ids it answers to.
    public let aliases: [String]
    /// The registry's category, such as `Document`.
    public let category: String
    /// One sentence on what it does.
    public let description: String
    /// Pairs of accepted input type and the output type it gives for it.
    public let signature: [(input: String, output: String)]
    /// Its parameters.
    public let parameters: [OperationParameter]
    /// Runs it.
    public let run: @Sendable (OperationValue, OperationCall) async throws -> OperationValue

    /// Creates an operation.
    public init(
        _ id: String, aliases: [String] = [], category: String, description: String,
        signature: [(input: String, output: String)], parameters: [OperationParameter] = [],
        run: @escaping @Sendable (OperationValue, OperationCall) async throws -> OperationValue
    ) {
        self.id = id
        self.aliases = aliases
        self.category = category
        self.description = description
        self.signature = signature
        self.parameters = parameters
        self.run = run
    }
}
