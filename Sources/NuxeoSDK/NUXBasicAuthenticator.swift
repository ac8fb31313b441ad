import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Authenticates requests with HTTP Basic: `Authorization: Basic base64(user:password)` on
/// each request, sent at once rather than after a challenge.
public struct NUXBasicAuthenticator: NUXAuthenticator {
    /// The user name.
    public let username: String
    /// The password.
    public let password: String

    /// An authenticator for `username` and `password`.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// An authenticator for the `Username` and `Password` of the `NUXSession-info`
    /// property list at `propertyFile` (`-initWithPropertyFile` in the Objective-C SDK).
    ///
    /// - Throws: ``NUXError/invalidPropertyFile(path:)`` if the file is not such a property
    ///   list or has no `Username`.
    public init(propertyFile: URL) throws {
        let settings = try NUXSessionPropertyList(contentsOf: propertyFile)
        guard let username = settings.username else { throw NUXError.invalidPropertyFile(path: propertyFile.path) }
        self.init(username: username, password: settings.password ?? "")
    }

    /// Always `true`: the credentials are there.
    public var softAuthentication: Bool { true }

    /// Sets the `Authorization` header.
    public func prepareRequest(_ request: inout URLRequest) {
        let credentials = Data("\(username):\(password)".utf8).base64EncodedString()
        request.setValue("Basic \(credentials)", forHTTPHeaderField: "Authorization")
    }
}
