/// The automation registry as `GET site/automation` describes it: the paths, the operations
/// with their signatures and parameters, and no chains.
struct OperationRegistryEntity: Encodable, Sendable {
    /// An operation of the registry.
    struct OperationEntry: Encodable, Sendable {
        /// A parameter of the operation.
        struct Parameter: Encodable, Sendable {
            /// The parameter's name.
            let name: String
            /// Its type.
            let type: String
            /// Whether the operation needs it.
            let required: Bool
            /// Its position among the operation's parameters.
            let order: Int

            enum CodingKeys: String, CodingKey {
                case name, description, type, required, order, widget, values
            }

            /// Writes every field: an empty `description`, `widget` as `null` and no `values`.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode("", forKey: .description)
                try container.encode(type, forKey: .type)
                try container.encode(required, forKey: .required)
                try container.encode(order, forKey: .order)
                try container.encodeNil(forKey: .widget)
                try container.encode([String](), forKey: .values)
            }
        }

        /// The operation's id, also its label and URL.
        let id: String
        /// Its category.
        let category: String
        /// What it does.
        let description: String
        /// Its input and output types, in pairs: input, output, input, output, ….
        let signature: [String]
        /// The other ids it answers to.
        let aliases: [String]
        /// Its parameters.
        let params: [Parameter]

        enum CodingKeys: String, CodingKey {
            case id, label, category, requires, description, url, signature, aliases, params
        }

        /// The entry of `operation`.
        init(_ operation: Operation) {
            self.id = operation.id
            self.category = operation.category
            self.description = operation.description
            self.signature = operation.signature.flatMap { [$0.input, $0.output] }
            self.aliases = operation.aliases
            self.params = operation.parameters.enumerated().map { order, parameter in
                Parameter(name: parameter.name, type: parameter.type, required: parameter.isRequired, order: order)
            }
        }

        /// Writes every field: the id as `label` and `url` too, and `requires` as `null`.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(id, forKey: .label)
            try container.encode(category, forKey: .category)
            try container.encodeNil(forKey: .requires)
            try container.encode(description, forKey: .description)
            try container.encode(id, forKey: .url)
            try container.encode(signature, forKey: .signature)
            try container.encode(aliases, forKey: .aliases)
            try container.encode(params, forKey: .params)
        }
    }

    /// The operations.
    let operations: [OperationEntry]

    enum CodingKeys: String, CodingKey {
        case paths, operations, chains
    }

    /// Writes the `login` path, the operations and an empty list of chains.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(["login": "login"], forKey: .paths)
        try container.encode(operations, forKey: .operations)
        try container.encode([String](), forKey: .chains)
    }
}
