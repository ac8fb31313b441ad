import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
import Locking
#endif

/// Authenticates requests with a token the server issued for this app on this device, so
/// that the app keeps no password.
///
/// The token is asked for once, with the user's password, and kept in the user defaults:
///
/// ```swift
/// let authenticator = NUXTokenAuthenticator(applicationName: "Field Notes")
/// let session = NUXSession(serverURL: serverURL, authenticator: authenticator)
/// if !authenticator.softAuthentication {
///     let request = session.requestTokenAuthentication()
///     request.username = username
///     request.password = password
///     try await authenticator.setTokenFromRequest(request)
/// }
/// ```
///
/// Then each request carries `X-Authentication-Token`, with `X-User-Id`, `X-Device-Id` and
/// `X-Application-Name`. The device identifier is a UUID made once and kept in the user
/// defaults under `nux.token.uuid`; the token and the user name under
/// ``settingsTokenKey`` and ``settingsUsernameKey``.
public final class NUXTokenAuthenticator: NUXAuthenticator {
    /// The user defaults key of the device identifier.
    public static let deviceIdKey = "nux.token.uuid"

    private struct Settings {
        var applicationName: String
        var permission: String
        var deviceDescription: String?
    }

    private let settings: LockedValue<Settings>
    private let tokenName: String
    private let userDefaultsSuite: String?

    /// An authenticator for the app `applicationName`; `NUXTokenAuthenticator()`, as the SDK's
    /// documentation writes it, names the app after its bundle (or process) and asks for
    /// `ReadWrite`, both settable before the token is asked for.
    ///
    /// - Parameters:
    ///   - applicationName: The app's name, which the server records with the token.
    ///   - permission: The permission asked for the token: `ReadWrite` unless told otherwise.
    ///   - deviceDescription: A description of the device the server records, if any.
    ///   - tokenName: The name the token is kept under, for an app that keeps several:
    ///     `defaultToken` unless told otherwise.
    ///   - userDefaultsSuite: The user defaults suite to keep the token and device identifier
    ///     in; `nil` for the standard user defaults.
    public init(
        applicationName: String = NUXTokenAuthenticator.defaultApplicationName, permission: String = "ReadWrite", deviceDescription: String? = nil,
        tokenName: String = "defaultToken", userDefaultsSuite: String? = nil
    ) {
        settings = LockedValue(Settings(applicationName: applicationName, permission: permission, deviceDescription: deviceDescription))
        self.tokenName = tokenName
        self.userDefaultsSuite = userDefaultsSuite
    }

    /// The app's name when none is given: the main bundle's name, else the process's.
    public static var defaultApplicationName: String {
        (Bundle.main.object(forInfoDictionaryKey: "CFBundleName") as? String) ?? ProcessInfo.processInfo.processName
    }

    /// The app's name, sent when the token is asked for and with each request.
    public var applicationName: String {
        get { settings.current.applicationName }
        set { settings.withLock { $0.applicationName = newValue } }
    }

    /// The permission asked for the token, such as `ReadWrite`.
    public var permission: String {
        get { settings.current.permission }
        set { settings.withLock { $0.permission = newValue } }
    }

    /// A description of the device, sent when the token is asked for, if any.
    public var deviceDescription: String? {
        get { settings.current.deviceDescription }
        set { settings.withLock { $0.deviceDescription = newValue } }
    }

    /// The device's identifier: a UUID made the first time it is needed and kept in the user
    /// defaults under ``deviceIdKey``.
    public var deviceId: String {
        // Under the lock, so that two threads never make two identifiers.
        settings.withLock { _ in
            let defaults = userDefaults
            if let deviceId = defaults.string(forKey: Self.deviceIdKey) { return deviceId }
            let deviceId = UUID().uuidString
            defaults.set(deviceId, forKey: Self.deviceIdKey)
            return deviceId
        }
    }

    /// The user defaults key of the user the token was issued to: `nuxeo.{tokenName}.username`.
    public var settingsUsernameKey: String { "nuxeo.\(tokenName).username" }

    /// The user defaults key of the token: `nuxeo.{tokenName}.token`.
    public var settingsTokenKey: String { "nuxeo.\(tokenName).token" }

    /// The token kept in the user defaults, if any.
    public var token: String? {
        userDefaults.string(forKey: settingsTokenKey)
    }

    /// The user the kept token was issued to, if known.
    public var username: String? {
        userDefaults.string(forKey: settingsUsernameKey)
    }

    /// Whether a token is kept, so requests can authenticate.
    public var softAuthentication: Bool {
        token != nil
    }

    /// Adds the token headers, if a token is kept; without one, the request goes without
    /// credentials.
    public func prepareRequest(_ request: inout URLRequest) {
        guard let token else { return }
        request.setValue(token, forHTTPHeaderField: "X-Authentication-Token")
        if let username, !username.isEmpty {
            request.setValue(username, forHTTPHeaderField: "X-User-Id")
        }
        request.setValue(deviceId, forHTTPHeaderField: "X-Device-Id")
        request.setValue(applicationName, forHTTPHeaderField: "X-Application-Name")
    }

    /// Asks the server for a token with `request` (made by
    /// ``NUXSession/requestTokenAuthentication()``) and keeps it; with no request, the shared
    /// session's (``NUXSession/sharedSession``, with its credentials) is used, as the SDK's
    /// documentation calls it with `nil`.
    ///
    /// The request gets the parameters `applicationName`, `deviceId`, `permission` and
    /// `deviceDescription` (if set). A token is kept, with the user name the request
    /// authenticated with, only when the server answers `201 Created`; otherwise the kept
    /// token, if any, is forgotten.
    ///
    /// - Throws: ``NUXError/tokenNotIssued(statusCode:)`` for another successful status or an
    ///   empty token, or why the request failed.
    public func setTokenFromRequest(_ request: NUXRequest?) async throws {
        let request = request ?? NUXSession.sharedSession.requestTokenAuthentication()
        fill(request)
        do {
            let response = try await request.response()
            let token = (response.string ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard response.statusCode == 201, !token.isEmpty, !token.contains("\n") else {
                throw NUXError.tokenNotIssued(statusCode: response.statusCode)
            }
            let defaults = userDefaults
            defaults.set(token, forKey: settingsTokenKey)
            defaults.set(username(of: request) ?? "", forKey: settingsUsernameKey)
        } catch {
            resetSettings()
            throw error
        }
    }

    /// Asks the server for a token with `request` and keeps it, as
    /// ``setTokenFromRequest(_:)`` does, then calls `completion` with whether a token is kept,
    /// on the request's session's ``NUXSession/callbackQueue`` (the shared session's with no
    /// request), or on a background thread.
    public func setTokenFromRequest(_ request: NUXRequest?, completion: NUXBooleanBlock?) {
        let session = request?.session ?? NUXSession.sharedSession
        Task {
            let kept: Bool
            do {
                try await setTokenFromRequest(request)
                kept = true
            } catch {
                kept = false
            }
            if let completion { session.deliver { completion(kept) } }
        }
    }

    /// Asks the server for a token with `request` and keeps it, blocking the calling thread
    /// until done, then calls `completion` or `failure` before returning. Never call it from
    /// an app's main thread.
    @available(*, noasync, message: "Use setTokenFromRequest(_:) in async code")
    public func setTokenFromRequestSynchronous(_ request: NUXRequest?, completion: NUXBasicBlock?, failure: NUXBasicBlock?) {
        let done = DispatchSemaphore(value: 0)
        Task {
            defer { done.signal() }
            do {
                try await setTokenFromRequest(request)
                completion?()
            } catch {
                failure?()
            }
        }
        done.wait()
    }

    /// Forgets the kept token and user name; the device identifier stays.
    public func resetSettings() {
        let defaults = userDefaults
        defaults.removeObject(forKey: settingsTokenKey)
        defaults.removeObject(forKey: settingsUsernameKey)
    }

    /// Adds the token parameters to `request`.
    private func fill(_ request: NUXRequest) {
        let settings = settings.current
        request.addParameterValue(settings.applicationName, forKey: "applicationName")
        request.addParameterValue(deviceId, forKey: "deviceId")
        request.addParameterValue(settings.permission, forKey: "permission")
        if let deviceDescription = settings.deviceDescription {
            request.addParameterValue(deviceDescription, forKey: "deviceDescription")
        }
    }

    /// The user `request` authenticated as: its own user name, or that of the session's Basic
    /// authenticator.
    private func username(of request: NUXRequest) -> String? {
        request.username ?? (request.session.authenticator as? NUXBasicAuthenticator)?.username
    }

    private var userDefaults: UserDefaults {
        userDefaultsSuite.flatMap(UserDefaults.init(suiteName:)) ?? .standard
    }
}
