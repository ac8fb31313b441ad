import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
import Locking
#endif

/// A connection to a Nuxeo-compatible server: where it is, how to authenticate, and what
/// every request asks for; it runs the ``NUXRequest``s made for it.
///
/// ```swift
/// let session = NUXSession(
///     serverURL: URL(string: "https://chancery.example.com/nuxeo")!,
///     authenticator: NUXBasicAuthenticator(username: "Administrator", password: password)
/// )
/// session.addDefaultSchemas(["dublincore"])
/// let document = try await session.requestDocument("/default-domain").response().entity(as: NUXDocument.self)
/// ```
///
/// Requests run in two queues: one for requests whose answer goes to memory, and one for
/// downloads (requests with a ``NUXRequest/downloadDestinationPath``), so that long
/// downloads neither wait for nor hold up other requests, and can be cancelled on their own
/// with ``cancelDownloadsRequests()``.
public final class NUXSession: Sendable {
    private struct Settings {
        var url: URL
        var apiPrefix = "api/v1"
        var repository = "default"
        var authenticator: (any NUXAuthenticator)?
        var schemas: [String] = []
        var categories: [String] = []
        var callbackQueue: DispatchQueue?
    }

    private let settings: LockedValue<Settings>
    private let requestQueue = RequestQueue(maxConcurrentCount: 4)
    private let downloadQueue = RequestQueue(maxConcurrentCount: 2)

    /// A session for the server at `serverURL`.
    ///
    /// - Parameters:
    ///   - serverURL: The server's Nuxeo URL, application name included, such as
    ///     `http://localhost:8080/nuxeo` (on Chancery, its URL followed by `/nuxeo`).
    ///   - authenticator: How requests authenticate; `nil` sends them without credentials.
    public init(serverURL: URL, authenticator: (any NUXAuthenticator)? = nil) {
        settings = LockedValue(Settings(url: serverURL, authenticator: authenticator))
    }

    /// A session for the server at `serverURL` that authenticates with HTTP Basic.
    public convenience init(serverURL: URL, username: String, password: String) {
        self.init(serverURL: serverURL, authenticator: NUXBasicAuthenticator(username: username, password: password))
    }

    /// The server's Nuxeo URL, such as `http://localhost:8080/nuxeo`.
    public var url: URL {
        get { settings.current.url }
        set { settings.withLock { $0.url = newValue } }
    }

    /// The path of the REST API below ``url``: `api/v1` unless set otherwise.
    public var apiPrefix: String {
        get { settings.current.apiPrefix }
        set { settings.withLock { $0.apiPrefix = newValue } }
    }

    /// The repository requests address (header `X-NXRepository`): `default` unless set
    /// otherwise.
    public var repository: String {
        get { settings.current.repository }
        set { settings.withLock { $0.repository = newValue } }
    }

    /// How requests authenticate; `nil` sends them without credentials.
    public var authenticator: (any NUXAuthenticator)? {
        get { settings.current.authenticator }
        set { settings.withLock { $0.authenticator = newValue } }
    }

    /// The schemas every request asks for, besides its own.
    public var defaultSchemas: [String] {
        settings.current.schemas
    }

    /// The categories (content enrichers) every request asks for, besides its own.
    public var defaultCategories: [String] {
        settings.current.categories
    }

    /// Adds schemas every request asks for, such as `dublincore`; `*` asks for all of them.
    public func addDefaultSchemas(_ schemas: [String]) {
        settings.withLock { $0.schemas += schemas }
    }

    /// Adds categories (content enrichers) every request asks for, such as `permissions`.
    public func addDefaultCategories(_ categories: [String]) {
        settings.withLock { $0.categories += categories }
    }

    /// ``addDefaultSchemas(_:)``, by the name the SDK's documentation also uses
    /// (`[session addDefaultSchema: @[@"dublincore", @"file"]]`).
    public func addDefaultSchema(_ schemas: [String]) {
        addDefaultSchemas(schemas)
    }

    /// ``addDefaultCategories(_:)``, by the name the SDK's documentation also uses
    /// (`[session addDefaultCategory: @[@"video"]]`).
    public func addDefaultCategory(_ categories: [String]) {
        addDefaultCategories(categories)
    }

    /// The queue on which the blocks of asynchronous calls run: the completion and failure
    /// blocks of requests started with ``startRequest(_:completion:failure:)`` (and
    /// ``NUXRequest/start()``), of ``NUXTokenAuthenticator/setTokenFromRequest(_:completion:)``
    /// and of ``NUXHierarchy/loadWithRequest(_:)``.
    ///
    /// `nil` (the default) runs them on a background thread as soon as the work is done. Set
    /// `.main` to have them delivered on the main queue, as the original Nuxeo iOS SDK did, for
    /// callers that update their interface from the blocks:
    ///
    /// ```swift
    /// NUXSession.shared.callbackQueue = .main
    /// ```
    ///
    /// Blocks of synchronous calls (`startSynchronous()`) always run on the calling thread,
    /// before the call returns.
    public var callbackQueue: DispatchQueue? {
        get { settings.current.callbackQueue }
        set { settings.withLock { $0.callbackQueue = newValue } }
    }

    /// Runs `block` on the ``callbackQueue``, or at once when there is none.
    func deliver(_ block: @escaping @Sendable () -> Void) {
        if let queue = callbackQueue {
            queue.async(execute: block)
        } else {
            block()
        }
    }

    /// The REST API's root: ``url`` followed by ``apiPrefix``.
    var apiURL: URL {
        let settings = settings.current
        return URLPath.appending(settings.apiPrefix, to: URLPath.base(settings.url))
    }

    // MARK: Running requests

    /// Runs `request` in its queue, then calls `completion` if the server answered with a
    /// status in 200–299, or `failure` otherwise (another status, a network failure, a
    /// cancellation); the request's response or error is set by then. The blocks are called on
    /// the ``callbackQueue``, or on a background thread.
    public func startRequest(_ request: NUXRequest, completion: @escaping NUXBasicBlock, failure: @escaping NUXBasicBlock) {
        Task {
            do {
                _ = try await perform(request)
                deliver(completion)
            } catch {
                deliver(failure)
            }
        }
    }

    /// Runs `request` at once, outside the queues, and waits for it, blocking the calling
    /// thread; then calls `completion` or `failure` as ``startRequest(_:completion:failure:)``
    /// does, before returning.
    ///
    /// Never call it from the main thread of an app, nor from Swift concurrency (use
    /// ``NUXRequest/response()`` there).
    @available(*, noasync, message: "Use NUXRequest.response() in async code")
    public func startRequestSynchronous(_ request: NUXRequest, completion: @escaping NUXBasicBlock, failure: @escaping NUXBasicBlock) {
        let done = DispatchSemaphore(value: 0)
        Task {
            defer { done.signal() }
            do {
                _ = try await execute(request)
                completion()
            } catch {
                failure()
            }
        }
        done.wait()
    }

    /// Cancels every request of the session, waiting or running, downloads included. Their
    /// failure blocks are called, and `response()` throws `CancellationError` or
    /// `URLError.cancelled`.
    public func cancelAllRequests() {
        requestQueue.cancelAll()
        downloadQueue.cancelAll()
    }

    /// Cancels the downloads of the session, waiting or running: the requests with a
    /// ``NUXRequest/downloadDestinationPath``.
    public func cancelDownloadsRequests() {
        downloadQueue.cancelAll()
    }

    /// Sets how many requests (other than downloads) run at once; 4 unless set otherwise, `0`
    /// or less for no limit.
    public func setRequestQueueMaxConcurrentOperationCount(_ count: Int) {
        requestQueue.maxConcurrentCount = count
    }

    /// Sets how many downloads run at once; 2 unless set otherwise, `0` or less for no limit.
    public func setDownloadQueueMaxConcurrentOperationCount(_ count: Int) {
        downloadQueue.maxConcurrentCount = count
    }

    /// Runs `request` in its queue; see ``NUXRequest/response()`` and
    /// ``NUXRequest/response(progress:)``.
    func perform(_ request: NUXRequest, progress: NUXProgressBlock? = nil) async throws -> NUXResponse {
        let queue = request.downloadDestinationPath == nil ? requestQueue : downloadQueue
        return try await queue.run { try await self.execute(request, progress: progress) }
    }

    /// Sends `request`, reporting its progress to `progress` if given, and records its
    /// response or error on it.
    private func execute(_ request: NUXRequest, progress: NUXProgressBlock? = nil) async throws -> NUXResponse {
        do {
            let transfer = try request.makeTransfer()
            let destination = request.downloadDestinationPath.map { URL(fileURLWithPath: $0) }
            let httpRequest = urlRequest(for: request, transfer: transfer)
            let response =
                if let progress {
                    try await ObservedExchange.perform(httpRequest, body: transfer.body, downloadingTo: destination, progress: progress)
                } else {
                    try await HTTPTransport.shared.perform(httpRequest, body: transfer.body, downloadingTo: destination)
                }
            request.record(response)
            guard response.isSuccess else { throw NUXError.serverError(for: response) }
            return response
        } catch {
            request.record(error)
            throw error
        }
    }

    /// The HTTP request for `request`: its method and URL, the schemas and categories headers
    /// (the request's and the session's), the repository, the request's own headers, the
    /// content type, and authentication — the request's own Basic credentials if it has them,
    /// else the session's ``authenticator``.
    func urlRequest(for request: NUXRequest, transfer: NUXRequest.Transfer) -> URLRequest {
        let settings = settings.current
        var urlRequest = URLRequest(url: transfer.url)
        urlRequest.httpMethod = request.method.uppercased()
        let schemas = request.schemas + settings.schemas
        if !schemas.isEmpty {
            urlRequest.setValue(schemas.contains("*") ? "*" : schemas.joined(separator: ","), forHTTPHeaderField: "X-NXDocumentProperties")
        }
        let categories = request.categories + settings.categories
        if !categories.isEmpty {
            urlRequest.setValue(categories.joined(separator: ","), forHTTPHeaderField: "X-NXContext-Category")
        }
        urlRequest.setValue(request.repository ?? settings.repository, forHTTPHeaderField: "X-NXRepository")
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.setValue(transfer.contentType, forHTTPHeaderField: "Content-Type")
        if let username = request.username, let password = request.password {
            NUXBasicAuthenticator(username: username, password: password).prepareRequest(&urlRequest)
        } else {
            settings.authenticator?.prepareRequest(&urlRequest)
        }
        return urlRequest
    }
}
