import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import Telemetry

/// `DELETE /v1/measurements/{uuid}` over the real catalog, data store and data routes, as the
/// capability mounts them.
@Suite struct MeasurementDeletionRoutesTests {
    @Test func deletingAMeasurementDeletesItsPoints() async throws {
        try await RecordingFixture.with { fixture in
            _ = try await fixture.accounts.bootstrapAdministrator(password: "administrator password")
            let key = try await fixture.accounts.createAPIKey(userName: AccountStore.administratorName, label: "test").secret
            let headers: HTTPFields = [HTTPField.Name("X-Intdash-Token")!: key]
            let router = Router(context: ChanceryRequestContext.self)
            router.add(middleware: ErrorMiddleware(formats: TelemetryCapability.errorFormats))
            IntdashRESTRoutes(edges: EdgeStore(accounts: fixture.accounts), measurements: fixture.measurements, data: fixture.data).add(to: router)
            let api = router.group("intdash/api")
                .add(middleware: AuthenticationMiddleware(accounts: fixture.accounts, authenticators: IntdashRESTRoutes.defaultAuthenticators))
            IntdashDataRoutes(
                store: fixture.data,
                measurements: CatalogMeasurementDirectory(edges: EdgeStore(accounts: fixture.accounts), measurements: fixture.measurements),
                signals: SignalStore(database: fixture.database)
            ).add(to: api)

            let measurement = UUID()
            let kept = UUID()
            for uuid in [measurement, kept] {
                let upstream = TelemetryUpstream(
                    streamID: UUID(), sessionID: uuid.uuidString.lowercased(), sourceNodeID: UUID().uuidString.lowercased())
                try await fixture.recorder.prepare(upstream)
                try await fixture.recorder.record(testChunk(stream: upstream.streamID, 1, measurement: uuid, times: [1_000, 2_000]))
            }
            try await Application(router: router).test(.router) { client in
                func status(_ method: HTTPRequest.Method, _ path: String) async throws -> HTTPResponse.Status {
                    try await client.execute(uri: "/intdash/api" + path, method: method, headers: headers) { $0.status }
                }
                func pointCount(_ uuid: UUID) async throws -> Int {
                    try await client.execute(uri: "/intdash/api/v1/data?name=\(uuid.uuidString.lowercased())", method: .get, headers: headers) {
                        response in
                        try #require(response.status == .ok)
                        return (try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [Any])?.count ?? -1
                    }
                }
                let before = try await pointCount(measurement)
                #expect(before == 2)
                #expect(try await status(.delete, "/v1/measurements/\(measurement.uuidString.lowercased())") == .noContent)
                #expect(!fixture.hasFiles(measurement))
                #expect(try await fixture.indexRows(of: measurement) == 0)
                #expect(try await status(.get, "/v1/data?name=\(measurement.uuidString.lowercased())") == .notFound)
                #expect(try await status(.get, "/v1/data_ids?name=\(measurement.uuidString.lowercased())") == .notFound)
                // The other measurement keeps its points.
                #expect(fixture.hasFiles(kept))
                #expect(try await pointCount(kept) == 2)
            }
        }
    }
}
