/// The upload handlers the batch upload API offers: the default one only.
struct UploadHandlersEntity: Encodable, Sendable {
    /// An upload handler.
    struct Handler: Encodable, Sendable {
        /// The handler's name.
        let name: String
    }

    /// The name of the only handler.
    static let defaultHandler = "default"

    /// The handlers.
    let handlers = [Handler(name: defaultHandler)]
}
