/// A reference to an entity by id alone, `{"id": …}`, as workflows and tasks list their
/// documents and actors.
struct NuxeoIDReference: Encodable, Sendable {
    /// The referenced entity's id.
    let id: String
}
