/// What `json/cmis` answers: the repository description, under `default`, that the Python
/// client reads the server version from.
struct ServerInfoEntity: Encodable, Sendable {
    /// The description of the repository.
    struct RepositoryInfo: Encodable, Sendable {
        /// The repository's id.
        let repositoryId: String
        /// The repository's name.
        let repositoryName: String
        /// The product.
        let productName: String
        /// The Nuxeo version Chancery reports.
        let productVersion: String
        /// The vendor.
        let vendorName: String
        /// The root document's id.
        let rootFolderId: String
    }

    /// The default repository.
    let `default`: RepositoryInfo
}
