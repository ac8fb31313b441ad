import Foundation
import Locking

extension NUXSession {
    /// The name of the property list ``sharedSession`` reads, without its `.plist` extension.
    public static let propertyFileName = "NUXSession-info"

    private static let sharedState = LockedValue<(file: URL?, session: NUXSession?)>((nil, nil))

    /// The session most of an app uses, set up from a `NUXSession-info.plist`: the one at
    /// ``sharedSessionPropertyFile`` if set, else the one in the main bundle.
    ///
    /// The property list's keys are `URL` (the server's Nuxeo URL), `Repository`,
    /// `ApiPrefix`, and `Username` and `Password` for HTTP Basic authentication; each is
    /// optional. Without a property list, the session is for Nuxeo's default address,
    /// `http://localhost:8080/nuxeo`, without authentication.
    ///
    /// The session is created on first use and kept; setting
    /// ``sharedSessionPropertyFile`` makes the next use read that file.
    public static var sharedSession: NUXSession {
        sharedState.withLock { state in
            if let session = state.session { return session }
            let file = state.file ?? Bundle.main.url(forResource: propertyFileName, withExtension: "plist")
            let session =
                file.flatMap { try? NUXSession(propertyFile: $0) }
                ?? NUXSession(serverURL: URL(string: "http://localhost:8080/nuxeo")!)
            state.session = session
            return session
        }
    }

    /// ``sharedSession``, by the name the SDK's documentation gives it (`[NUXSession shared]`).
    public static var shared: NUXSession { sharedSession }

    /// The property list ``sharedSession`` is set up from, instead of the main bundle's
    /// `NUXSession-info.plist`; setting it makes the next use of ``sharedSession`` read it.
    public static var sharedSessionPropertyFile: URL? {
        get { sharedState.current.file }
        set { sharedState.current = (newValue, nil) }
    }

    /// A session set up from the `NUXSession-info` property list at `propertyFile`; see
    /// ``sharedSession`` for its keys.
    ///
    /// - Throws: ``NUXError/invalidPropertyFile(path:)`` if the file is not a property list
    ///   whose `URL`, if any, is a URL.
    public convenience init(propertyFile: URL) throws {
        let settings = try NUXSessionPropertyList(contentsOf: propertyFile)
        let authenticator = settings.username.map { NUXBasicAuthenticator(username: $0, password: settings.password ?? "") }
        self.init(serverURL: settings.url ?? URL(string: "http://localhost:8080/nuxeo")!, authenticator: authenticator)
        if let repository = settings.repository { self.repository = repository }
        if let apiPrefix = settings.apiPrefix { self.apiPrefix = apiPrefix }
    }
}
