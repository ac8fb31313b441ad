import Foundation
import Locking

extension IntdashClient {
    /// Where the server is and how to authenticate to it: the tokens of an OAuth2 sign-in, or
    /// (additions to the 1.x SDK) a device's client credentials or an API token.
    ///
    /// One session is shared by the client and every API object made from it; its properties
    /// may be read and set from any thread. Before a REST call or a realtime connection, a
    /// session whose access token has expired gets a new one, from its refresh token or its
    /// client credentials, and posts ``didRefreshToken``.
    ///
    /// ```swift
    /// let session = IntdashClient.Session(serverURL: "https://example.com/intdash", clientId: "my-app")
    /// session.apiToken = "…"        // or sign in with OAuth2API
    /// let client = IntdashClient()
    /// client.session = session
    /// ```
    public final class Session: Sendable {
        /// Posted, with the session as object, after the session got a new access token by itself.
        public static let didRefreshToken = Notification.Name("IntdashClientSessionDidRefreshToken")

        /// The time before its expiry at which an access token is renewed.
        static let renewalMargin: TimeInterval = 30

        /// The stored properties.
        struct State: Sendable {
            var serverURL: String
            var clientId: String
            var timeoutInterval: TimeInterval?
            var accessToken: String?
            var refreshToken: String?
            var expiresIn: TimeInterval?
            var refreshTokenExpiresIn: TimeInterval?
            var acquiredTime: Date?
            var isOAuth2 = false
            var clientSecret: String?
            var apiToken: String?
            var refresh: Task<Void, any Error>?
        }

        let state: LockedValue<State>

        /// Creates a session for the server at `serverURL`, such as `https://example.com/intdash`,
        /// as the OAuth2 client `clientId`.
        ///
        /// - Parameter timeoutInterval: How long a request may wait for its answer; `nil` for
        ///   URLSession's default (60 seconds).
        public init(serverURL: String, clientId: String, timeoutInterval: TimeInterval? = nil) {
            state = LockedValue(State(serverURL: serverURL, clientId: clientId, timeoutInterval: timeoutInterval))
        }

        /// Creates a session without a server; set ``serverURL`` before use.
        public convenience init() {
            self.init(serverURL: "", clientId: "")
        }

        /// The server, such as `https://example.com/intdash`: the root the API's paths follow.
        public var serverURL: String {
            get { state.withLock { $0.serverURL } }
            set { state.withLock { $0.serverURL = newValue } }
        }

        /// ``serverURL`` with the `ws` or `wss` scheme.
        public var webSocketURL: String {
            let url = serverURL
            if url.hasPrefix("https://") { return "wss://" + url.dropFirst("https://".count) }
            if url.hasPrefix("http://") { return "ws://" + url.dropFirst("http://".count) }
            return url
        }

        /// The root of the REST API: ``serverURL`` followed by `/api/v1`.
        public var baseEndpoint: String {
            Self.trimmed(serverURL) + "/api/v1"
        }

        /// The iSCP 1.0 endpoint: ``webSocketURL`` followed by `/api/v1/ws/measurements`.
        public var webSocketEndpoint: String {
            Self.trimmed(webSocketURL) + "/api/v1/ws/measurements"
        }

        /// The OAuth2 client id of the app.
        public var clientId: String {
            get { state.withLock { $0.clientId } }
            set { state.withLock { $0.clientId = newValue } }
        }

        /// How long a request may wait for its answer; `nil` for the default.
        public var timeoutInterval: TimeInterval? {
            get { state.withLock { $0.timeoutInterval } }
            set { state.withLock { $0.timeoutInterval = newValue } }
        }

        /// The OAuth2 access token, sent as `Authorization: Bearer`.
        public var accessToken: String? {
            get { state.withLock { $0.accessToken } }
            set { state.withLock { $0.accessToken = newValue } }
        }

        /// The OAuth2 refresh token.
        public var refreshToken: String? {
            get { state.withLock { $0.refreshToken } }
            set { state.withLock { $0.refreshToken = newValue } }
        }

        /// How long the access token lasts from ``acquiredTime``, in seconds.
        public var expiresIn: TimeInterval? {
            get { state.withLock { $0.expiresIn } }
            set { state.withLock { $0.expiresIn = newValue } }
        }

        /// How long the refresh token lasts from ``acquiredTime``, in seconds.
        public var refreshTokenExpiresIn: TimeInterval? {
            get { state.withLock { $0.refreshTokenExpiresIn } }
            set { state.withLock { $0.refreshTokenExpiresIn = newValue } }
        }

        /// When the tokens were issued.
        public var acquiredTime: Date? {
            get { state.withLock { $0.acquiredTime } }
            set { state.withLock { $0.acquiredTime = newValue } }
        }

        /// Whether the session authenticates with OAuth2 tokens.
        public var isOAuth2: Bool {
            get { state.withLock { $0.isOAuth2 } }
            set { state.withLock { $0.isOAuth2 = newValue } }
        }

        /// Whether a new access token can be had without the user: the refresh token has not
        /// expired, or the session holds client credentials.
        public var isRefreshable: Bool {
            state.withLock { Self.isRefreshable($0, at: Date()) }
        }

        /// The secret of a device's client credentials (an addition to the 1.x SDK): with it,
        /// the session gets a new access token by the `client_credentials` grant when the
        /// current one expires. Set by ``IntdashClient/OAuth2API/authenticate(clientId:clientSecret:completion:)``.
        public var clientSecret: String? {
            get { state.withLock { $0.clientSecret } }
            set { state.withLock { $0.clientSecret = newValue } }
        }

        /// An API token, sent as `X-Intdash-Token` (and as `X-Edge-Token` on the realtime
        /// connection) when the session has no OAuth2 access token (an addition to the 1.x SDK).
        public var apiToken: String? {
            get { state.withLock { $0.apiToken } }
            set { state.withLock { $0.apiToken = newValue } }
        }

        /// Forgets the tokens and credentials; the server and client id stay.
        public func clearSession() {
            state.withLock { state in
                state.accessToken = nil
                state.refreshToken = nil
                state.expiresIn = nil
                state.refreshTokenExpiresIn = nil
                state.acquiredTime = nil
                state.isOAuth2 = false
                state.clientSecret = nil
                state.apiToken = nil
            }
        }

        /// Takes the tokens of a token answer.
        public func update(withResponse response: OAuth2AuthenticateResponse) {
            state.withLock { state in
                state.accessToken = response.accessToken
                state.refreshToken = response.refreshToken.isEmpty ? nil : response.refreshToken
                state.expiresIn = response.expiresIn
                state.refreshTokenExpiresIn = response.refreshTokenExpiresIn
                state.acquiredTime = response.acquiredTime
                state.isOAuth2 = true
            }
        }

        /// Whether the access token is missing or expires within ``renewalMargin``.
        var accessTokenNeedsRenewal: Bool {
            state.withLock { state in
                guard state.isOAuth2 else { return false }
                guard state.accessToken != nil, let acquired = state.acquiredTime, let lifetime = state.expiresIn else { return true }
                return acquired.addingTimeInterval(lifetime - Self.renewalMargin) <= Date()
            }
        }

        /// Whether `state` allows a new access token at `now`.
        private static func isRefreshable(_ state: State, at now: Date) -> Bool {
            if state.clientSecret != nil { return true }
            guard state.refreshToken != nil else { return false }
            guard let acquired = state.acquiredTime, let lifetime = state.refreshTokenExpiresIn, lifetime > 0 else { return true }
            return acquired.addingTimeInterval(lifetime) > now
        }

        /// `url` without trailing slashes.
        static func trimmed(_ url: String) -> String {
            var url = url
            while url.hasSuffix("/") { url.removeLast() }
            return url
        }
    }
}
