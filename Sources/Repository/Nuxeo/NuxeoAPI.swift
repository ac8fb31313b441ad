import Accounts
import Crypto
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

/// The Nuxeo-compatible REST and Automation API under `/nuxeo/` (spec: `nuxeo.md`).
///
/// One catch-all route per method hands every path to ``NuxeoPath``, because Nuxeo's URLs
/// do not fit a route table: document paths of any depth, adapters after them, an empty
/// segment for the root (`path//@children`), and two roots for every resource.
/// `runningstatus` is the only path that needs no credentials.
struct NuxeoAPI: Sendable {
    /// The documents.
    let repository: Repository
    /// Users, groups and tokens.
    let accounts: AccountStore
    /// The key device tokens are derived with.
    let tokenKey: SymmetricKey
    /// The automation operations.
    let operations: OperationRegistry
    /// What converts files for `@convert` and renditions.
    let converter: BlobConverter
    /// Notarizes documents' files (`Document.Notarize`), when the server has a Notary.
    let notary: DocumentNotary?

    /// The error format of every path under `/nuxeo`.
    static let errorFormat: (prefix: String, format: any ErrorFormat) = ("/nuxeo", NuxeoErrorFormat())

    /// The credentials Nuxeo clients send: Basic, a device token, or Chancery's own API keys
    /// and bearer tokens.
    static let authenticators: [any Authenticator] = [
        BasicAuthenticator(realm: "Nuxeo"), NuxeoTokenAuthenticator(), APIKeyAuthenticator.xAPIKey, BearerAuthenticator(),
    ]

    func add(to router: Router<ChanceryRequestContext>) {
        router.get("nuxeo/runningstatus") { _, _ in try Self.runningStatus() }
        let group = router.group("nuxeo")
            .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: Self.authenticators))
            .add(middleware: NuxeoIdempotencyMiddleware(requests: IdempotentRequests(database: repository.database)))
        for method in [HTTPRequest.Method.get, .post, .put, .delete] {
            group.on("**", method: method) { request, context in try await handle(request, context: context) }
        }
    }

    private func handle(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        let checker = AccessChecker(principal: principal)
        let parameters = FormEncodedQuery(request.uri.query)
        let renderer = DocumentRenderer(
            repository: repository, checker: checker, options: RenderingOptions(request: request, query: parameters),
            baseURL: context.publicOrigin.url("/nuxeo/")
        )
        var call = NuxeoCall(request: request, context: context, principal: principal, checker: checker, renderer: renderer, query: parameters)
        do {
            switch NuxeoPath(request.uri.path) {
            case .runningStatus: return try Self.runningStatus()
            case .serverInfo: return try await serverInfo(call)
            case .token: return try await token(call)
            case .file(let id, let xpath): return try await download(call, reference: .id(id), xpath: xpath)
            case .automation(let segments): return try await automation(&call, segments: segments, input: nil)
            case .document(let reference, let adapters): return try await document(&call, reference: reference, adapters: adapters)
            case .query(let provider): return try await query(call, provider: provider)
            case .searchNXQL, .rootSearch: return try await query(call, provider: nil)
            case .searchProvider(let provider): return try await query(call, provider: provider)
            case .upload(let segments): return try await upload(&call, segments: segments)
            case .user(let segments): return try await user(&call, segments: segments)
            case .group(let segments): return try await group(&call, segments: segments)
            case .me: return try await userResponse(principal.userName, status: .ok)
            case .directory(let segments): return try await directories(&call, segments: segments)
            case .workflow(let segments): return try await workflows(&call, segments: segments)
            case .workflowModel(let segments): return try await workflowModels(call, segments: segments)
            case .task(let segments): return try await tasks(&call, segments: segments)
            case .unknown: throw APIError(.notFound, "no resource at \(request.uri.path)")
            }
        } catch let error as RepositoryError {
            throw error.apiError
        }
    }

    /// The health probe map Nuxeo answers `runningstatus` with.
    private static func runningStatus() throws -> Response {
        try NuxeoCall.json(RunningStatusEntity())
    }

    /// Throws 405 unless the request uses one of `methods`.
    static func require(_ call: NuxeoCall, _ methods: HTTPRequest.Method...) throws {
        guard methods.contains(call.request.method) else {
            throw APIError(.methodNotAllowed, "\(call.request.method) is not supported on \(call.request.uri.path)")
        }
    }

    /// `json/cmis`: the repository description the Python client reads the server version from.
    private func serverInfo(_ call: NuxeoCall) async throws -> Response {
        let root = try await repository.document(.path("/"), for: call.checker)
        return try NuxeoCall.json(
            ServerInfoEntity(
                default: ServerInfoEntity.RepositoryInfo(
                    repositoryId: Repository.name, repositoryName: Repository.name, productName: "Chancery Repository",
                    productVersion: Self.productVersion, vendorName: "Chancery", rootFolderId: root.id
                )))
    }

    /// The Nuxeo version Chancery reports: recent enough that clients use the current API
    /// (trash operations, permissions, comments) rather than older fallbacks.
    static let productVersion = "2023.0"
}
