import Accounts
import Crypto
import Foundation
import HTTPSupport
import Hummingbird
import Logging
import NotaryProof
import Storage

/// The Repository as the server assembles it: the document store, its fresh layout, its
/// Nuxeo-compatible HTTP surface under `/nuxeo/`, and its console pages under `/repository`.
///
/// ```swift
/// let repository = try await RepositoryCapability.open(database: database, blobs: blobs, accounts: accounts,
///                                                      keysDirectory: "data/keys", logger: logger)
/// repository.addRoutes(to: router)
/// ```
public struct RepositoryCapability: Sendable {
    /// The documents.
    public let repository: Repository
    /// Notarizes documents' files, when the server has a Notary.
    private let notary: DocumentNotary?
    private let api: NuxeoAPI

    /// The error formats of the Repository's APIs, for ``HTTPSupport/ErrorMiddleware``.
    public static let errorFormats: [(prefix: String, format: any ErrorFormat)] = [NuxeoAPI.errorFormat]

    /// Creates the fresh layout on first start and loads (or creates) the device-token key in
    /// `keysDirectory`; no uploaded file may exceed `maxUploadBytes`. Files are converted with
    /// `converter`: by default with the programs installed here.
    public static func open(
        database: Database, blobs: any BlobStore, accounts: AccountStore, keysDirectory: String,
        maxUploadBytes: Int64 = Repository.defaultMaxUploadBytes, converter: BlobConverter = .installed(), notary: (any Notarizing)? = nil,
        logger: Logger
    ) async throws -> RepositoryCapability {
        let repository = Repository(database: database, blobs: blobs, maxUploadBytes: maxUploadBytes)
        try await repository.bootstrap()
        let tokenKey = try DeviceTokenKey.loadOrCreate(in: keysDirectory)
        let documentNotary = notary.map { DocumentNotary(notary: $0, database: database) }
        return RepositoryCapability(
            repository: repository, notary: documentNotary,
            api: NuxeoAPI(
                repository: repository, accounts: accounts, tokenKey: tokenKey, operations: .standard, converter: converter, notary: documentNotary)
        )
    }

    /// Adds every Repository route to `router`: the Nuxeo API and the console.
    public func addRoutes(to router: Router<ChanceryRequestContext>) {
        api.add(to: router)
        RepositoryConsole(repository: repository, accounts: api.accounts, notary: notary).add(to: router)
    }
}
