import Foundation
import ISCP
import Locking

/// A client of an intdash-compatible server: its REST APIs (``oauth2``, ``edges``,
/// ``measurements``, ``captures``, ``dataPoints``, ``version``) and its realtime connection,
/// through which ``upstreamManager`` sends data and ``downstreamManager`` receives it. The
/// connection speaks iSCP 1.0 unless ``realtimeProtocol`` says ``RealtimeProtocol/iscp2``.
///
/// ```swift
/// let client = IntdashClient()
/// client.session = IntdashClient.Session(serverURL: "https://example.com/intdash", clientId: "my-app")
/// _ = try await client.oauth2.authenticate(clientId: edgeUUID, clientSecret: secret)
/// try await client.connect()
/// ```
///
/// The iSCP 1.0 connection is a WebSocket to the session's
/// ``Session/webSocketEndpoint``, authenticated on its upgrade with `Authorization: Bearer`
/// (OAuth2) or, with an API token, `X-Edge-Token` and `X-Intdash-Token`. When it drops
/// without ``disconnect(completion:)``, the client connects again every
/// `reconnectTimeInterval` seconds, then announces the streams again and sends what the
/// server did not acknowledge (see ``UpstreamManager``).
///
/// ```swift
/// client.realtimeProtocol = .iscp2   // before connecting
/// try await client.connect()
/// ```
public final class IntdashClient: Sendable {
    /// The time between reconnection attempts, unless `connect` says: 3 seconds.
    public static let reconnectTimeInterval: TimeInterval = 3

    /// The client's state.
    private struct State: Sendable {
        var session: Session?
        var tag = 0
        var delegates: [WeakReference<any IntdashClientDelegate>] = []
        /// The URL to connect to, while the app wants a connection.
        var target: String?
        var reconnectInterval: TimeInterval = IntdashClient.reconnectTimeInterval
        var reconnection: Task<Void, Never>?
        /// Counts connections, so that the end of an old one is told from the current one's.
        var generation = 0
        var realtimeProtocol = RealtimeProtocol.iscp1
    }

    private let state = LockedValue(State())
    private let link = RealtimeLink()
    /// The iSCP v2 upstreams of earlier connections, resumed after a reconnection.
    private let resumableUpstreams = ISCP2ResumableStreams<String>()
    /// The iSCP v2 downstreams of earlier connections, resumed after a reconnection.
    private let resumableDownstreams = ISCP2ResumableStreams<ISCP2DownstreamSubject>()
    /// Sends data.
    public let upstreamManager: UpstreamManager
    /// Receives data.
    public let downstreamManager: DownstreamManager

    /// Creates a client; set ``session`` before use.
    public init() {
        upstreamManager = UpstreamManager(link: link)
        downstreamManager = DownstreamManager(link: link)
    }

    /// The server and credentials, shared with the API objects.
    public var session: Session? {
        get { state.withLock { $0.session } }
        set { state.withLock { $0.session = newValue } }
    }

    /// The protocol of the realtime connection: ``RealtimeProtocol/iscp1`` (the default) or
    /// ``RealtimeProtocol/iscp2``. A change takes effect at the next `connect`.
    public var realtimeProtocol: RealtimeProtocol {
        get { state.withLock { $0.realtimeProtocol } }
        set { state.withLock { $0.realtimeProtocol = newValue } }
    }

    /// A number the app may use to tell clients apart.
    public var tag: Int {
        get { state.withLock { $0.tag } }
        set { state.withLock { $0.tag = newValue } }
    }

    /// Adds a delegate, held weakly.
    public func addDelegate(_ delegate: any IntdashClientDelegate) {
        state.withLock { $0.delegates.addWeakly(delegate) }
    }

    /// Removes a delegate.
    public func removeDelegate(_ delegate: any IntdashClientDelegate) {
        state.withLock { $0.delegates.removeWeakly(delegate) }
    }

    /// The OAuth2 API of the session.
    public var oauth2: OAuth2API { OAuth2API(session: session) }
    /// The edges API of the session.
    public var edges: EdgesAPI { EdgesAPI(session: session) }
    /// The measurements API of the session.
    public var measurements: MeasurementsAPI { MeasurementsAPI(session: session) }
    /// The captures API of the session.
    public var captures: CapturesAPI { CapturesAPI(session: session) }
    /// The data points API of the session.
    public var dataPoints: DataPointsAPI { DataPointsAPI(session: session) }
    /// The version API of the session.
    public var version: VersionsAPI { VersionsAPI(session: session) }

    // MARK: Connecting

    /// Opens the realtime connection to the session's endpoint of ``realtimeProtocol``:
    /// ``Session/webSocketEndpoint`` for iSCP 1.0, `{webSocketURL}/api/iscp/connect?enc=proto`
    /// for iSCP v2.
    ///
    /// - Parameter reconnectTimeInterval: The time between reconnection attempts after the
    ///   connection drops; 0 or less for none.
    public func connect(reconnectTimeInterval: TimeInterval = IntdashClient.reconnectTimeInterval) async throws {
        guard let session else { throw RESTError(kind: .sessionNotSet, message: "the client has no session") }
        let endpoint =
            switch realtimeProtocol {
            case .iscp1: session.webSocketEndpoint
            case .iscp2: Session.trimmed(session.webSocketURL) + "/api/iscp/connect?enc=proto"
            }
        try await connect(string: endpoint, reconnectTimeInterval: reconnectTimeInterval)
    }

    /// Opens the realtime connection to `url`.
    public func connect(url: URL, reconnectTimeInterval: TimeInterval = IntdashClient.reconnectTimeInterval) async throws {
        try await connect(string: url.absoluteString, reconnectTimeInterval: reconnectTimeInterval)
    }

    /// Opens the realtime connection to `string`, a `ws` or `wss` URL of the endpoint of
    /// ``realtimeProtocol``.
    public func connect(string: String, reconnectTimeInterval: TimeInterval = IntdashClient.reconnectTimeInterval) async throws {
        state.withLock { state in
            state.target = string
            state.reconnectInterval = reconnectTimeInterval
            state.reconnection?.cancel()
            state.reconnection = nil
        }
        if let old = link.detach() { await old.close() }
        do {
            try await openConnection(to: string)
        } catch {
            state.withLock { $0.target = nil }
            throw error
        }
        for delegate in delegates() { delegate.intdashClientDidConnect(self) }
    }

    /// Opens the realtime connection to the session's endpoint; see ``connect(reconnectTimeInterval:)``.
    public func connect(
        reconnectTimeInterval: TimeInterval = IntdashClient.reconnectTimeInterval, completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        runReporting(to: completion) { try await self.connect(reconnectTimeInterval: reconnectTimeInterval) }
    }

    /// Opens the realtime connection to `url`.
    public func connect(
        url: URL, reconnectTimeInterval: TimeInterval = IntdashClient.reconnectTimeInterval, completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        runReporting(to: completion) { try await self.connect(url: url, reconnectTimeInterval: reconnectTimeInterval) }
    }

    /// Opens the realtime connection to `string`.
    public func connect(
        string: String, reconnectTimeInterval: TimeInterval = IntdashClient.reconnectTimeInterval,
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        runReporting(to: completion) { try await self.connect(string: string, reconnectTimeInterval: reconnectTimeInterval) }
    }

    /// Closes the realtime connection, after sending what is queued, and stops reconnecting.
    public func disconnect() async {
        let reconnection = state.withLock { state -> Task<Void, Never>? in
            state.target = nil
            defer { state.reconnection = nil }
            return state.reconnection
        }
        reconnection?.cancel()
        guard let connection = link.detach() else { return }
        upstreamManager.connectionLost()
        downstreamManager.connectionLost()
        await connection.close()
        for delegate in delegates() { delegate.intdashClientDidDisconnect(self) }
    }

    /// Closes the realtime connection; see ``disconnect()``.
    public func disconnect(completion: @escaping @Sendable ((any Error)?) -> Void) {
        Task {
            await disconnect()
            completion(nil)
        }
    }

    /// Closes the connection and forgets the streams and delegates.
    public func dispose() {
        let reconnection = state.withLock { state -> Task<Void, Never>? in
            state.target = nil
            state.delegates = []
            defer { state.reconnection = nil }
            return state.reconnection
        }
        reconnection?.cancel()
        upstreamManager.dispose()
        downstreamManager.dispose()
        if let connection = link.detach() {
            Task { await connection.close() }
        }
    }

    /// The delegates still alive.
    private func delegates() -> [any IntdashClientDelegate] {
        state.withLock { $0.delegates.compactMap(\.object) }
    }

    // MARK: The connection

    /// Opens a connection to `url` and makes it the link's.
    private func openConnection(to url: String) async throws {
        let headers = try await authenticationHeaders()
        let (generation, realtimeProtocol) = state.withLock { state -> (Int, RealtimeProtocol) in
            state.generation += 1
            return (state.generation, state.realtimeProtocol)
        }
        let onEnd: @Sendable ((any Error)?) -> Void = { [weak self] error in self?.connectionEnded(generation: generation, error: error) }
        let connection: any RealtimeChannel
        switch realtimeProtocol {
        case .iscp1:
            connection = try await RealtimeConnection.open(
                url: url, headers: headers, onMessage: { [weak self] bytes in self?.receive(bytes) }, onEnd: onEnd)
        case .iscp2:
            let (accessToken, nodeID) = try await iscp2Credentials()
            connection = try await ISCP2Bridge.open(
                url: url, accessToken: accessToken, nodeID: nodeID, resumableUpstreams: resumableUpstreams,
                resumableDownstreams: resumableDownstreams,
                deliver: { [weak self] elements in self?.receive(elements) }, onEnd: onEnd
            )
        }
        link.attach(connection)
        let stillCurrent = state.withLock { $0.generation == generation }
        if !stillCurrent {
            link.detach(connection)
            await connection.close()
        }
    }

    /// The headers that authenticate the upgrade, after renewing an expired access token.
    private func authenticationHeaders() async throws -> [(String, String)] {
        guard let session else { return [] }
        let transport = RESTTransport(session: session)
        if session.accessTokenNeedsRenewal, session.isRefreshable {
            try await OAuth2TokenGrant(transport: transport).renew()
        }
        let (accessToken, apiToken) = session.state.withLock { ($0.isOAuth2 ? $0.accessToken : nil, $0.apiToken) }
        if let accessToken { return [("Authorization", "Bearer \(accessToken)")] }
        if let apiToken { return [("X-Edge-Token", apiToken), ("X-Intdash-Token", apiToken)] }
        return []
    }

    /// The access token and node id an iSCP v2 connection presents: the session's OAuth2
    /// access token or API token, and the UUID of the edge the session is (`edges/me`).
    private func iscp2Credentials() async throws -> (accessToken: String, nodeID: String) {
        guard let session else { throw RESTError(kind: .sessionNotSet, message: "the client has no session") }
        let token = session.state.withLock { $0.isOAuth2 ? $0.accessToken : $0.apiToken }
        guard let token, !token.isEmpty else {
            throw RESTError(kind: .sessionNotSet, message: "iSCP v2 needs an access token or API token in the session")
        }
        let nodeID = try await edges.me().uuid
        guard !nodeID.isEmpty else {
            throw RESTError(kind: .sessionNotSet, message: "edges/me named no edge to connect to iSCP v2 as")
        }
        return (token, nodeID)
    }

    /// Hands the elements of a received iSCP 1.0 message to whoever waits for them.
    private func receive(_ bytes: [UInt8]) {
        let elements: [ISCP1Element]
        do {
            elements = try IntdashPacketHelper.decode(bytes)
        } catch {
            for delegate in delegates() { delegate.intdashClient(self, didFailWithError: error) }
            return
        }
        receive(elements)
    }

    /// Hands received elements (from the iSCP 1.0 endpoint, or translated by the iSCP v2
    /// bridge) to whoever waits for them.
    private func receive(_ elements: [ISCP1Element]) {
        var units: [ISCP1Unit] = []
        for element in elements {
            switch element {
            case .unit(let unit): units.append(unit)
            case .sectionAck(let ack): upstreamManager.receive(ack)
            case .upstreamSpecResponse(let response), .downstreamSpecResponse(let response), .downstreamFilterResponse(let response):
                link.answer(response.requestID, with: element)
            case .measurementIDResponse(let response): link.answer(response.requestID, with: element)
            case .upstreamSpecRequest, .downstreamSpecRequest, .downstreamFilterRequest, .measurementIDRequest, .startOfSection, .endOfSection:
                break
            }
        }
        downstreamManager.receive(units)
    }

    /// Called when connection `generation` is over: unless it was closed on purpose, tells
    /// the delegates and starts reconnecting.
    private func connectionEnded(generation: Int, error: (any Error)?) {
        let (isCurrent, target, interval) = state.withLock { ($0.generation == generation, $0.target, $0.reconnectInterval) }
        guard isCurrent, link.detach() != nil else { return }
        upstreamManager.connectionLost()
        downstreamManager.connectionLost()
        for delegate in delegates() {
            if let error { delegate.intdashClient(self, didFailWithError: error) }
            delegate.intdashClientDidDisconnect(self)
        }
        guard let target, interval > 0 else { return }
        let reconnection = Task { [weak self] in
            guard let self else { return }
            await self.reconnect(to: target, every: interval)
        }
        state.withLock { $0.reconnection = reconnection }
    }

    /// Tries to connect to `target` every `interval` seconds until it works or the app
    /// disconnects; then announces the streams again.
    private func reconnect(to target: String, every interval: TimeInterval) async {
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
            guard !Task.isCancelled, state.withLock({ $0.target }) == target else { return }
            do {
                try await openConnection(to: target)
            } catch {
                for delegate in delegates() { delegate.intdashClient(self, didFailWithError: error) }
                continue
            }
            for delegate in delegates() { delegate.intdashClientDidConnect(self) }
            let upstreams = await upstreamManager.reconnect()
            let downstreams = await downstreamManager.reconnect()
            for delegate in delegates() { delegate.intdashClient(self, didRetryToRequestSpecs: upstreams && downstreams) }
            return
        }
    }
}
