import Foundation
import Locking

/// One request to a Nuxeo-compatible server: built step by step, run by its ``session``, and
/// holding the response once it completed.
///
/// A request starts at the session's REST API root (`{url}/api/v1`); segments, adaptors,
/// schemas, headers and parameters are added to it, each method returning the request so
/// calls chain:
///
/// ```swift
/// let request = session.request().addURLSegment("path").addURLSegment("/default-domain").addAdaptor("children")
/// request.addSchema("dublincore")
/// let children = try await request.response().entity(as: NUXDocuments.self)
/// ```
///
/// Run it with ``response()`` from async code, or with ``start()``,
/// ``start(completion:failure:)`` or ``startSynchronous()`` and read ``responseData``,
/// ``responseJSON()``, ``responseEntity()``… in the completion block. The completion block
/// runs when the status is 200–299; the failure block for any other status (then
/// ``responseStatusCode`` and ``responseString`` tell what the server said), a network
/// failure or a cancellation (then ``error`` tells which).
public class NUXRequest: @unchecked Sendable {
    // @unchecked: every mutable stored property is inside `state`, a LockedValue, and is only
    // read or written while its lock is held; `session` is a constant of a Sendable type.
    // NUXAutomationRequest, the one subclass, keeps to the same rule.

    /// The session that runs the request.
    public let session: NUXSession

    struct State {
        var url: URL
        var method = "GET"
        var contentType = "application/json"
        var repository: String?
        var username: String?
        var password: String?
        var downloadDestinationPath: String?
        var postData = Data()
        var schemas: [String] = []
        var categories: [String] = []
        var adaptors: [String] = []
        var headers: [String: String] = [:]
        var parameters: [(key: String, value: String)] = []
        var completion: NUXResponseBlock?
        var failure: NUXResponseBlock?
        var response: NUXResponse?
        var error: (any Error)?
    }

    let state: LockedValue<State>

    /// A `GET` request for the REST API's root of `session`, `{url}/{apiPrefix}`.
    public init(session: NUXSession) {
        self.session = session
        state = LockedValue(State(url: session.apiURL))
    }

    // MARK: What is sent

    /// The URL, without the query that ``parameters`` make.
    public var url: URL {
        get { state.current.url }
        set { state.withLock { $0.url = newValue } }
    }

    /// The HTTP method: `GET` unless set otherwise.
    public var method: String {
        get { state.current.method }
        set { state.withLock { $0.method = newValue } }
    }

    /// The `Content-Type` of the body: `application/json` unless set otherwise.
    public var contentType: String {
        get { state.current.contentType }
        set { state.withLock { $0.contentType = newValue } }
    }

    /// The repository this request addresses (header `X-NXRepository`); `nil` for the
    /// session's ``NUXSession/repository``.
    public var repository: String? {
        get { state.current.repository }
        set { state.withLock { $0.repository = newValue } }
    }

    /// A user name to authenticate this request with HTTP Basic, with ``password``, instead
    /// of the session's authenticator; the token request sets them.
    public var username: String? {
        get { state.current.username }
        set { state.withLock { $0.username = newValue } }
    }

    /// The password that goes with ``username``.
    public var password: String? {
        get { state.current.password }
        set { state.withLock { $0.password = newValue } }
    }

    /// A file path to save the body of a successful answer to, streamed to disk rather than
    /// held in memory; an existing file there is replaced. A request with one runs in the
    /// session's download queue.
    public var downloadDestinationPath: String? {
        get { state.current.downloadDestinationPath }
        set { state.withLock { $0.downloadDestinationPath = newValue } }
    }

    /// The body to send; empty sends none.
    public var postData: Data {
        get { state.current.postData }
        set { state.withLock { $0.postData = newValue } }
    }

    /// The schemas asked for, besides the session's default ones.
    public var schemas: [String] { state.current.schemas }

    /// The categories (content enrichers) asked for, besides the session's default ones.
    public var categories: [String] { state.current.categories }

    /// The adaptors added to the URL, without their `@`.
    public var adaptors: [String] { state.current.adaptors }

    /// The headers added with ``addHeaderValue(_:forKey:)``.
    public var headers: [String: String] { state.current.headers }

    /// The parameters added with ``addParameterValue(_:forKey:)``: the query of the URL, or
    /// the `params` of an automation request.
    public var parameters: [String: String] {
        Dictionary(state.current.parameters, uniquingKeysWith: { $1 })
    }

    /// Appends `segment` to the URL's path, percent-encoded; the `/` in it separate segments
    /// and one that starts it is dropped.
    @discardableResult
    public func addURLSegment(_ segment: String) -> Self {
        state.withLock { $0.url = URLPath.appending(segment, to: $0.url) }
        return self
    }

    /// Appends the adaptor `@adaptor` to the URL's path, such as `@children`.
    @discardableResult
    public func addAdaptor(_ adaptor: String) -> Self {
        addURLSegment("@" + adaptor)
        state.withLock { $0.adaptors.append(adaptor) }
        return self
    }

    /// Appends the adaptor `@adaptor` and its value to the URL's path, such as
    /// `@blob/file:content`.
    @discardableResult
    public func addAdaptor(_ adaptor: String, withValue value: String) -> Self {
        addAdaptor(adaptor).addURLSegment(value)
    }

    /// Asks for the content enricher `category` (header `X-NXContext-Category`).
    @discardableResult
    public func addCategory(_ category: String) -> Self {
        addCategories([category])
    }

    /// Asks for the content enrichers `categories` (header `X-NXContext-Category`).
    @discardableResult
    public func addCategories(_ categories: [String]) -> Self {
        state.withLock { $0.categories += categories }
        return self
    }

    /// Asks for the properties of `schema` (header `X-NXDocumentProperties`); `*` asks for
    /// every schema.
    @discardableResult
    public func addSchema(_ schema: String) -> Self {
        addSchemas([schema])
    }

    /// Asks for the properties of `schemas` (header `X-NXDocumentProperties`).
    @discardableResult
    public func addSchemas(_ schemas: [String]) -> Self {
        state.withLock { $0.schemas += schemas }
        return self
    }

    /// Sends the header `key` with `value`, replacing a value set before.
    @discardableResult
    public func addHeaderValue(_ value: String, forKey key: String) -> Self {
        state.withLock { $0.headers[key] = value }
        return self
    }

    /// Sets the parameter `key` to `value`, replacing a value set before: a query parameter,
    /// or for an automation request one of the operation's `params`.
    @discardableResult
    public func addParameterValue(_ value: String, forKey key: String) -> Self {
        state.withLock { state in
            if let index = state.parameters.firstIndex(where: { $0.key == key }) {
                state.parameters[index].value = value
            } else {
                state.parameters.append((key, value))
            }
        }
        return self
    }

    // MARK: Running

    /// Sets the block ``start()`` calls when the request succeeds.
    public func setCompletionBlock(_ block: NUXResponseBlock?) {
        state.withLock { $0.completion = block }
    }

    /// Sets the block ``start()`` calls when the request fails.
    public func setFailureBlock(_ block: NUXResponseBlock?) {
        state.withLock { $0.failure = block }
    }

    /// Runs the request in the session's queue, then calls the completion or failure block
    /// set by then, on a background thread.
    public func start() {
        session.startRequest(self, completion: { self.state.current.completion?(self) }, failure: { self.state.current.failure?(self) })
    }

    /// Runs the request in the session's queue, then calls `completion` or `failure` on a
    /// background thread.
    public func start(completion: @escaping NUXResponseBlock, failure: @escaping NUXResponseBlock) {
        session.startRequest(self, completion: { completion(self) }, failure: { failure(self) })
    }

    /// Runs the request at once and waits for it, blocking the calling thread, then calls the
    /// completion or failure block before returning. Never call it from an app's main thread.
    @available(*, noasync, message: "Use response() in async code")
    public func startSynchronous() {
        session.startRequestSynchronous(self, completion: { self.state.current.completion?(self) }, failure: { self.state.current.failure?(self) })
    }

    /// Runs the request in the session's queue and returns the response.
    ///
    /// - Returns: The response, whose status is 200–299.
    /// - Throws: ``NUXError/server(statusCode:message:)`` for any other status, the
    ///   `URLError` of a network failure, or `CancellationError` (or `URLError.cancelled`)
    ///   when the request or the calling task was cancelled.
    @discardableResult
    public func response() async throws -> NUXResponse {
        try await session.perform(self)
    }

    // MARK: The response

    /// The body of the response; `nil` until the request completed, empty when it was saved
    /// to ``downloadDestinationPath``.
    public var responseData: Data? { state.current.response?.data }

    /// The body of the response as UTF-8 text.
    public var responseString: String? { state.current.response?.string }

    /// The HTTP status of the response; 0 until there is one.
    public var responseStatusCode: Int { state.current.response?.statusCode ?? 0 }

    /// The standard phrase of the response's status, such as "Not Found"; `nil` until there
    /// is a response.
    public var responseMessage: String? { state.current.response?.message }

    /// The headers of the response.
    public var responseHeaders: [String: String] { state.current.response?.headers ?? [:] }

    /// Why the request failed: a ``NUXError/server(statusCode:message:)`` for a status
    /// outside 200–299, a `URLError`, a `CancellationError`; `nil` when it succeeded.
    public var error: (any Error)? { state.current.error }

    /// The body of the response as JSON.
    ///
    /// - Throws: ``NUXError/noResponse`` before the request completed, `DecodingError` if the
    ///   body is not JSON.
    public func responseJSON() throws -> NUXJSONValue {
        try completedResponse().json()
    }

    /// The entity the body of the response stands for, such as a ``NUXDocument``.
    ///
    /// - Throws: ``NUXError/noResponse`` before the request completed, or as
    ///   ``NUXJSONSerializer/entity(with:mapper:)`` does.
    public func responseEntity() throws -> any NUXEntity {
        try completedResponse().entity()
    }

    /// The entity of type `type` the body of the response stands for.
    ///
    /// - Throws: ``NUXError/noResponse`` before the request completed, or as
    ///   ``NUXJSONSerializer/entity(_:with:)`` does.
    public func responseEntity<Entity: NUXEntity>(as type: Entity.Type) throws -> Entity {
        try completedResponse().entity(as: type)
    }

    private func completedResponse() throws -> NUXResponse {
        guard let response = state.current.response else { throw NUXError.noResponse }
        return response
    }

    // MARK: For the session

    /// What goes on the wire besides the session's headers.
    struct Transfer {
        /// The URL, query included.
        var url: URL
        /// The body.
        var body: RequestBody
        /// The body's `Content-Type`.
        var contentType: String
    }

    /// The URL with the parameters as its query, and ``postData`` as the body.
    func makeTransfer() throws -> Transfer {
        let state = state.current
        var url = state.url
        if !state.parameters.isEmpty {
            // A valid URL followed by a percent-encoded query is a valid URL.
            url = URL(string: url.absoluteString + "?" + URLComponentEncoding.query(state.parameters))!
        }
        return Transfer(url: url, body: state.postData.isEmpty ? .none : .data(state.postData), contentType: state.contentType)
    }

    /// Keeps `response` as the request's response, forgetting an earlier error.
    func record(_ response: NUXResponse) {
        state.withLock {
            $0.response = response
            $0.error = nil
        }
    }

    /// Keeps `error` as why the request failed. The response stays for a
    /// ``NUXError/server(statusCode:message:)`` error, which came with it; other errors mean
    /// that there was none.
    func record(_ error: any Error) {
        state.withLock {
            if case .server? = error as? NUXError {} else { $0.response = nil }
            $0.error = error
        }
    }
}
