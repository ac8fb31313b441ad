/// The health probe map Nuxeo answers `runningstatus` with: everything `ok`.
struct RunningStatusEntity: Encodable, Sendable {
    /// The runtime's status.
    let runtimeStatus = "ok"
    /// The repository's status.
    let repositoryStatus = "ok"
}
