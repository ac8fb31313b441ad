import Foundation
import Intdash
import Synchronization
import Testing

/// The REST APIs against a real server: sign-in with client credentials, edges,
/// measurements, the version, and errors in intdash's shape.
@Suite(.serialized) struct RESTServerTests {
    @Test func versionNeedsNoCredentials() async throws {
        try await IntdashServer.with { server in
            let client = IntdashClient()
            client.session = IntdashClient.Session(serverURL: server.serverURL, clientId: "x")
            let version = try await client.version.getVersionInfo().version
            #expect(version >= IntdashVersion(string: "1.9.0"))
        }
    }

    @Test func aDeviceSignsInWithItsClientCredentials() async throws {
        try await IntdashServer.with { server in
            let edge = try await server.createEdge(name: "truck-7")
            let client = try await server.client(signedInAs: edge)
            let session = try #require(client.session)
            #expect(session.isOAuth2)
            #expect(session.accessToken?.isEmpty == false)
            #expect(session.isRefreshable)
            let me = try await client.edges.me()
            #expect(me.uuid == edge.uuid)
            #expect(me.name == "truck-7")
            #expect(me.type == .device)
            #expect(!me.disabled)
        }
    }

    @Test func anExpiredTokenIsRenewedBeforeARequest() async throws {
        try await IntdashServer.with { server in
            let edge = try await server.createEdge(name: "renewing")
            let client = try await server.client(signedInAs: edge)
            let session = try #require(client.session)
            let first = session.accessToken
            let refreshed = Mutex(0)
            let observer = NotificationCenter.default.addObserver(forName: IntdashClient.Session.didRefreshToken, object: session, queue: nil) { _ in
                refreshed.withLock { $0 += 1 }
            }
            defer { NotificationCenter.default.removeObserver(observer) }
            session.acquiredTime = Date(timeIntervalSinceNow: -3600)
            session.expiresIn = 60
            #expect(try await client.edges.me().uuid == edge.uuid)
            #expect(refreshed.withLock { $0 } == 1)
            #expect(session.accessToken != first)
        }
    }

    @Test func wrongCredentialsGiveTheServersError() async throws {
        try await IntdashServer.with { server in
            let edge = try await server.createEdge(name: "refused")
            let client = IntdashClient()
            client.session = IntdashClient.Session(serverURL: server.serverURL, clientId: edge.uuid)
            do {
                _ = try await client.oauth2.authenticate(clientId: edge.uuid, clientSecret: "wrong")
                Issue.record("a wrong secret was accepted")
            } catch let error as RESTError {
                #expect(error.code == "invalid_client")
                #expect(error.statusCode == 401 || error.statusCode == 400)
            }
            let anonymous = IntdashClient()
            anonymous.session = IntdashClient.Session(serverURL: server.serverURL, clientId: "x")
            await #expect(throws: RESTError.self) { try await anonymous.edges.me() }
        }
    }

    @Test func edgesAndMeasurementsAreListed() async throws {
        try await IntdashServer.with { server in
            let edge = try await server.createEdge(name: "listed-edge")
            let admin = server.client()
            let edges = try await admin.edges.list(name: "listed")
            #expect(edges.items.map(\.uuid) == [edge.uuid])
            #expect(edges.page.totalCount == 1)

            let baseTime = Date(timeIntervalSince1970: 1_700_000_000.5)
            let created = try await admin.measurements.create(edgeUuid: edge.uuid, name: "drive", baseTime: baseTime)
            #expect(created.edgeUuid == edge.uuid)
            #expect(created.baseTime == baseTime)
            let listed = try await admin.measurements.list(edgeUuid: edge.uuid)
            #expect(listed.items.map(\.uuid) == [created.uuid])
            #expect(try await admin.measurements.get(uuid: created.uuid).name == "drive")
            await #expect(throws: RESTError.self) { try await admin.measurements.get(uuid: UUID().uuidString.lowercased()) }
        }
    }

    @Test func completionHandlersGetResultsAndErrors() async throws {
        try await IntdashServer.with { server in
            let client = server.client()
            let version = await withCheckedContinuation { continuation in
                client.version.getVersionInfo { response, error in continuation.resume(returning: (response?.version, error)) }
            }
            #expect(version.0 != nil && version.1 == nil)
            let refused = server.client()
            refused.session?.apiToken = "not-a-key"
            let missing = await withCheckedContinuation { continuation in
                refused.edges.me { response, error in continuation.resume(returning: (response, error)) }
            }
            #expect(missing.0 == nil)
            #expect(missing.1?.kind == .unauthorized)
        }
    }
}
