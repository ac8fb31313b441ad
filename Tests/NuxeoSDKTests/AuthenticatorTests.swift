import ChanceryTestSupport
import Foundation
import NuxeoSDK
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Authenticators and the session's property list, without a server.
struct AuthenticatorTests {
    /// A token authenticator keeping its settings in a user defaults suite of its own, which
    /// is removed after `body`.
    static func withTokenAuthenticator(_ body: (NUXTokenAuthenticator, UserDefaults) throws -> Void) throws {
        let suite = "nuxeosdk-tests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        try body(NUXTokenAuthenticator(applicationName: "NuxeoSDK tests", userDefaultsSuite: suite), defaults)
    }

    @Test func basicAuthenticator() {
        let authenticator = NUXBasicAuthenticator(username: "Administrator", password: "Administrator")
        #expect(authenticator.softAuthentication)
        var request = URLRequest(url: URL(string: "http://localhost/")!)
        authenticator.prepareRequest(&request)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Basic QWRtaW5pc3RyYXRvcjpBZG1pbmlzdHJhdG9y")
    }

    @Test func tokenAuthenticatorWithoutTokenAddsNothing() throws {
        try Self.withTokenAuthenticator { authenticator, _ in
            #expect(!authenticator.softAuthentication)
            #expect(authenticator.token == nil)
            var request = URLRequest(url: URL(string: "http://localhost/")!)
            authenticator.prepareRequest(&request)
            #expect(request.allHTTPHeaderFields?.isEmpty ?? true)
        }
    }

    @Test func tokenAuthenticatorSendsTheKeptToken() throws {
        try Self.withTokenAuthenticator { authenticator, defaults in
            #expect(authenticator.settingsTokenKey == "nuxeo.defaultToken.token")
            #expect(authenticator.settingsUsernameKey == "nuxeo.defaultToken.username")
            #expect(authenticator.permission == "ReadWrite")
            defaults.set("the-token", forKey: authenticator.settingsTokenKey)
            defaults.set("Administrator", forKey: authenticator.settingsUsernameKey)
            #expect(authenticator.softAuthentication)

            var request = URLRequest(url: URL(string: "http://localhost/")!)
            authenticator.prepareRequest(&request)
            #expect(request.value(forHTTPHeaderField: "X-Authentication-Token") == "the-token")
            #expect(request.value(forHTTPHeaderField: "X-User-Id") == "Administrator")
            #expect(request.value(forHTTPHeaderField: "X-Device-Id") == authenticator.deviceId)
            #expect(request.value(forHTTPHeaderField: "X-Application-Name") == "NuxeoSDK tests")
            #expect(request.value(forHTTPHeaderField: "Authorization") == nil)

            authenticator.resetSettings()
            #expect(!authenticator.softAuthentication)
            #expect(authenticator.username == nil)
        }
    }

    @Test func deviceIdIsMadeOnceAndKept() throws {
        try Self.withTokenAuthenticator { authenticator, defaults in
            let deviceId = authenticator.deviceId
            #expect(UUID(uuidString: deviceId) != nil)
            #expect(defaults.string(forKey: "nux.token.uuid") == deviceId)
            #expect(authenticator.deviceId == deviceId)
            authenticator.resetSettings()
            #expect(authenticator.deviceId == deviceId, "resetting forgets the token, not the device")
        }
    }

    @Test func sessionFromPropertyList() async throws {
        try await TemporaryDirectory.with { directory in
            let file = URL(fileURLWithPath: directory).appendingPathComponent("NUXSession-info.plist")
            let settings: [String: Any] = [
                "URL": "http://localhost:8080/test", "Repository": "test", "ApiPrefix": "api/v2",
                "Username": "Administrator", "Password": "secret",
            ]
            try PropertyListSerialization.data(fromPropertyList: settings, format: .xml, options: 0).write(to: file)

            let session = try NUXSession(propertyFile: file)
            #expect(session.url.absoluteString == "http://localhost:8080/test")
            #expect(session.repository == "test")
            #expect(session.apiPrefix == "api/v2")
            #expect(session.request().url.absoluteString == "http://localhost:8080/test/api/v2")
            let basic = try #require(session.authenticator as? NUXBasicAuthenticator)
            #expect(basic.username == "Administrator" && basic.password == "secret")
            let fromFile = try NUXBasicAuthenticator(propertyFile: file)
            #expect(fromFile.username == "Administrator")

        }
    }

    @Test func invalidPropertyList() async throws {
        try await TemporaryDirectory.with { directory in
            let file = URL(fileURLWithPath: directory).appendingPathComponent("broken.plist")
            try Data("not a plist".utf8).write(to: file)
            #expect(throws: NUXError.invalidPropertyFile(path: file.path)) { try NUXSession(propertyFile: file) }
        }
    }
}
