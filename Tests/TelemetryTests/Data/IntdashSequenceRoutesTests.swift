import Foundation
import HTTPTypes
import SwiftProtobuf
import Testing

@testable import Telemetry

/// `GET|PUT /v1/measurements/{uuid}/sequences[/{sequence}]` over a real store.
@Suite struct IntdashSequenceRoutesTests {
    static let measurement = DataAPITestApp.measurement.uuidString.lowercased()
    static let path = "/v1/measurements/\(measurement)/sequences"

    /// A `StoreDataChunks` upload of `sequence`: chunks numbered `numbers`, each with `points` points.
    static func upload(_ sequence: UUID, numbers: [UInt32], points: Int) throws -> [UInt8] {
        var message = IntdashStoreDataChunks()
        message.measUuid = measurement
        message.sequenceUuid = sequence.uuidString.lowercased()
        message.chunks = numbers.map { number in
            var chunk = IntdashStoreDataChunk()
            chunk.sequenceNumber = number
            var group = IntdashStoreDataPointGroup()
            group.dataID.name = "1/speed"
            group.dataID.type = "float64"
            group.dataPoints = (0..<points).map { index in
                var point = IntdashStoreDataPoint()
                point.elapsedTime = Int64(number) * 1_000_000 + Int64(index)
                point.payload = Data(repeating: UInt8(index), count: 8)
                return point
            }
            chunk.dataPointGroups = [group]
            return chunk
        }
        return try message.serializedBytes()
    }

    @Test func sequencesCountWhatEachStreamStoredAndKeepWhatItsClientDeclared() async throws {
        try await DataAPITestApp.with { app in
            let first = UUID()
            let second = UUID()
            #expect(
                try await app.call(.post, "/v1/measurements/sequences/chunks", app.alice, body: try Self.upload(first, numbers: [1, 2], points: 3))
                    .status == .ok)
            // Chunk 2 again (a resend) counts once; the second stream has one chunk of five points.
            #expect(
                try await app.call(.post, "/v1/measurements/sequences/chunks", app.alice, body: try Self.upload(first, numbers: [2], points: 3))
                    .status == .ok)
            #expect(
                try await app.call(.post, "/v1/measurements/sequences/chunks", app.alice, body: try Self.upload(second, numbers: [1], points: 5))
                    .status == .ok)

            let list = try await app.call(.get, Self.path, app.alice)
            #expect(list.status == .ok)
            let items = try #require(list.object["items"] as? [[String: Any]])
            #expect(Set(items.compactMap { $0["uuid"] as? String }) == [first.uuidString.lowercased(), second.uuidString.lowercased()])
            let firstItem = try #require(items.first { $0["uuid"] as? String == first.uuidString.lowercased() })
            #expect(firstItem["received_chunks_count"] as? Int == 2)
            #expect(firstItem["received_data_points"] as? Int == 6)
            #expect(firstItem["expected_data_points"] == nil)

            let declared = try await app.call(
                .put, Self.path + "/" + first.uuidString.lowercased(), app.alice,
                body: Array(#"{"expected_data_points": 9, "final_sequence_number": 3}"#.utf8)
            )
            #expect(declared.status == .ok)
            #expect(declared.object["expected_data_points"] as? Int == 9)
            #expect(declared.object["final_sequence_number"] as? Int == 3)
            #expect(declared.object["received_data_points"] as? Int == 6)
            // A later declaration of one value keeps the other.
            _ = try await app.call(
                .put, Self.path + "/" + first.uuidString.lowercased(), app.alice, body: Array(#"{"expected_data_points": 12}"#.utf8))
            let one = try await app.call(.get, Self.path + "/" + first.uuidString.lowercased(), app.alice)
            #expect(one.object["expected_data_points"] as? Int == 12)
            #expect(one.object["final_sequence_number"] as? Int == 3)

            // A declaration before any chunk makes the sequence known.
            let early = UUID()
            let announced = try await app.call(
                .put, Self.path + "/" + early.uuidString, app.alice, body: Array(#"{"final_sequence_number": 4}"#.utf8))
            #expect(announced.object["received_chunks_count"] as? Int == 0)
            #expect(try await app.call(.get, Self.path, app.alice).object["items"].map { ($0 as? [Any])?.count } == 3)
        }
    }

    @Test func unknownSequencesBadDeclarationsAndHiddenMeasurementsAreRefused() async throws {
        try await DataAPITestApp.with { app in
            #expect(try await app.call(.get, Self.path + "/" + UUID().uuidString, app.alice).status == .notFound)
            #expect(try await app.call(.get, Self.path + "/not-a-uuid", app.alice).status == .notFound)
            let sequence = Self.path + "/" + UUID().uuidString
            let negative = try await app.call(.put, sequence, app.alice, body: Array(#"{"expected_data_points": -1}"#.utf8))
            #expect(negative.status == .badRequest)
            #expect((negative.object["error_description"] as? String)?.contains("expected_data_points") == true)
            #expect(try await app.call(.put, sequence, app.alice, body: Array("{}".utf8)).status == .badRequest)
            #expect(try await app.call(.put, sequence, app.alice, body: Array(#"{"final_sequence_number": "3"}"#.utf8)).status == .badRequest)
            // bob may not see the measurement: it does not exist for him.
            #expect(try await app.call(.get, Self.path, app.bob).status == .notFound)
            #expect(try await app.call(.put, sequence, app.bob, body: Array(#"{"final_sequence_number": 3}"#.utf8)).status == .notFound)
            #expect(try await app.call(.get, Self.path, [:]).status == .unauthorized)
        }
    }
}
