import ChanceryTestSupport
import Foundation
import NuxeoSDK
import Testing

/// Token authentication against a real server.
@Suite(.serialized, .timeLimit(.minutes(10))) struct TokenServerTests {
    @Test func aTokenReplacesThePassword() async throws {
        try await NuxeoServer.with { server in
            let suite = "nuxeosdk-tests-\(UUID().uuidString)"
            defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
            let authenticator = NUXTokenAuthenticator(applicationName: "NuxeoSDK tests", deviceDescription: "Swift tests", userDefaultsSuite: suite)
            let session = NUXSession(serverURL: server.nuxeoURL, authenticator: authenticator)
            #expect(!authenticator.softAuthentication)

            let withoutToken = await #expect(throws: NUXError.self) { try await session.requestDocument("/default-domain").response() }
            #expect(withoutToken?.nuxeoStatusCode == 401)

            let tokenRequest = session.requestTokenAuthentication()
            tokenRequest.username = "Administrator"
            tokenRequest.password = NuxeoServer.password
            try await authenticator.setTokenFromRequest(tokenRequest)
            #expect(tokenRequest.responseStatusCode == 201)
            #expect(tokenRequest.parameters["applicationName"] == "NuxeoSDK tests")
            #expect(tokenRequest.parameters["deviceId"] == authenticator.deviceId)
            #expect(tokenRequest.parameters["permission"] == "ReadWrite")
            #expect(tokenRequest.parameters["deviceDescription"] == "Swift tests")
            let token = try #require(authenticator.token)
            #expect(authenticator.username == "Administrator")
            #expect(authenticator.softAuthentication)

            let domain = try await session.requestDocument("/default-domain").response().entity(as: NUXDocument.self)
            #expect(domain.path == "/default-domain")

            let again = session.requestTokenAuthentication()
            again.username = "Administrator"
            again.password = NuxeoServer.password
            let saved = await withCheckedContinuation { continuation in
                authenticator.setTokenFromRequest(again) { continuation.resume(returning: $0) }
            }
            #expect(saved)
            #expect(authenticator.token == token, "the same user, app and device get the same token")

            let wrong = session.requestTokenAuthentication()
            wrong.username = "Administrator"
            wrong.password = "not the password"
            let refused = await #expect(throws: NUXError.self) { try await authenticator.setTokenFromRequest(wrong) }
            #expect(refused?.nuxeoStatusCode == 401)
            #expect(!authenticator.softAuthentication, "a failed token request forgets the token")
        }
    }

    @Test(
        "the documentation's flow: the shared session from its property list, NUXTokenAuthenticator(), a token asked for with no request, singular defaults, an entity forgotten by itself"
    )
    func theDocumentedSharedSessionFlow() async throws {
        try await NuxeoServer.with { server in
            try await TemporaryDirectory.with { directory in
                let file = URL(fileURLWithPath: directory).appendingPathComponent("NUXSession-info.plist")
                let settings: [String: Any] = ["URL": server.nuxeoURL.absoluteString, "Username": "Administrator", "Password": NuxeoServer.password]
                try PropertyListSerialization.data(fromPropertyList: settings, format: .xml, options: 0).write(to: file)
                NUXSession.sharedSessionPropertyFile = file
                defer { NUXSession.sharedSessionPropertyFile = nil }
                let session = NUXSession.shared
                #expect(session === NUXSession.sharedSession)
                #expect(session.url == server.nuxeoURL)
                session.addDefaultSchema(["dublincore", "file"])
                session.addDefaultCategory(["permissions"])
                #expect(session.defaultSchemas == ["dublincore", "file"])
                #expect(session.defaultCategories == ["permissions"])

                let documented = NUXTokenAuthenticator()
                #expect(documented.applicationName == NUXTokenAuthenticator.defaultApplicationName)
                #expect(!documented.applicationName.isEmpty)
                #expect(documented.permission == "ReadWrite")

                let suite = "nuxeosdk-tests-\(UUID().uuidString)"
                defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
                let authenticator = NUXTokenAuthenticator(userDefaultsSuite: suite)
                authenticator.applicationName = "MyOwnAppName"
                #expect(!authenticator.softAuthentication)
                let saved = await withCheckedContinuation { continuation in
                    authenticator.setTokenFromRequest(nil) { continuation.resume(returning: $0) }
                }
                #expect(saved, "the shared session's credentials ask for the token")
                #expect(authenticator.softAuthentication)
                #expect(authenticator.username == "Administrator")

                let tokenSession = NUXSession(serverURL: server.nuxeoURL, authenticator: authenticator)
                let domain = try await tokenSession.requestDocument("/default-domain").response().entity(as: NUXDocument.self)
                #expect(domain.path == "/default-domain")
                let uid = try #require(domain.uid)
                let cache = NUXEntityCache(directory: URL(fileURLWithPath: directory).appendingPathComponent("cache"))
                try cache.saveEntity(domain)
                #expect(cache.hasEntity(withId: uid, ofType: NUXDocument.self))
                #expect(cache.removeEntity(domain))
                #expect(!cache.hasEntity(withId: uid, ofType: NUXDocument.self))
                #expect(!cache.removeEntity(domain))
            }
        }
    }
}
