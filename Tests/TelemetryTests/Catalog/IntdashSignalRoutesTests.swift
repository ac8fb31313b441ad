import Accounts
import Foundation
import HTTPTypes
import Testing

@testable import Telemetry

@Suite struct IntdashSignalRoutesTests {
    /// intdash-py's `signals.create` body for a CAN pedal signal.
    private static var accel: [String: Any] {
        [
            "label": "ACCEL", "description": "", "data_type": 1, "data_id": "0000014A", "channel": 1,
            "conversion": [
                "type": "num_fixed_point",
                "options": ["startbit": 2, "bitsize": 8, "endian": "little", "sign": "unsigned", "scale": 0.3, "offset": 0],
            ],
            "display": ["unit": "%", "min": 0, "max": 100, "format": "%0.0f"],
        ]
    }

    @Test func aPersonCreatesListsChangesAndDeletesASignal() async throws {
        try await CatalogTestApp.with { app in
            let created = try await app.call(.post, "/v1/signals", app.alice, body: Self.accel)
            #expect(created.status == .created)
            let uuid = try #require(created.object["uuid"] as? String)
            #expect(created.object["label"] as? String == "ACCEL" && created.object["data_type"] as? Int == 1)
            #expect(created.object["channel"] as? Int == 1 && created.object["data_id"] as? String == "0000014A")
            let conversion = try #require(created.object["conversion"] as? [String: Any])
            #expect(conversion["type"] as? String == "num_fixed_point")
            let options = try #require(conversion["options"] as? [String: Any])
            #expect(Set(options.keys) == ["startbit", "bitsize", "endian", "sign", "scale", "offset"])
            #expect(options["scale"] as? Double == 0.3 && options["sign"] as? String == "unsigned")
            let display = try #require(created.object["display"] as? [String: Any])
            #expect(display["unit"] as? String == "%" && display["max"] as? Double == 100 && display["format"] as? String == "%0.0f")
            let hash = try #require(created.object["hash"] as? String)
            #expect(hash.hasPrefix("sha256:") && hash.count == 7 + 64)
            #expect(created.object["created_at"] is String && created.object["updated_at"] is String)

            // Everyone authenticated reads signals, edges included.
            let edge = try await app.fixture.edges.create(name: "car", ownerUserID: app.fixture.alice.userID).edge
            let edgeToken = try await app.edgeToken(edge.uuid)
            for reader in [app.alice, app.bob, app.admin, edgeToken] {
                let listed = try await app.call(.get, "/v1/signals?label=accel", reader)
                #expect(listed.status == .ok && listed.items.map { $0["uuid"] as? String } == [uuid])
            }
            #expect(try await app.call(.get, "/v1/signals?label=%22ACCE%22", app.bob).items.isEmpty)
            #expect(try await app.call(.get, "/v1/signals?limit=1&page=1", app.bob).page["last"] as? Bool == true)
            #expect(try await app.call(.get, "/v1/signals/\(uuid)", edgeToken).object["label"] as? String == "ACCEL")

            let changed = try await app.call(
                .put, "/v1/signals/\(uuid)", app.alice,
                body: [
                    "label": "PEDAL", "conversion": ["type": "sub_bytes", "options": ["startbyte": 1, "bytesize": 2]],
                ])
            #expect(changed.status == .noContent && changed.json == nil)
            let read = try await app.call(.get, "/v1/signals/\(uuid)", app.bob)
            #expect(read.object["label"] as? String == "PEDAL" && read.object["data_id"] as? String == "0000014A")
            #expect((read.object["conversion"] as? [String: Any])?["type"] as? String == "sub_bytes")
            #expect(read.object["hash"] as? String != hash)

            let refused = try await app.call(.put, "/v1/signals/\(uuid)", app.bob, body: ["label": "MINE"])
            #expect(refused.status == .forbidden && (refused.object["error_description"] as? String)?.contains("another user") == true)
            #expect(try await app.call(.delete, "/v1/signals/\(uuid)", edgeToken).status == .forbidden)
            #expect(try await app.call(.delete, "/v1/signals/\(uuid)", app.alice).status == .noContent)
            let gone = try await app.call(.get, "/v1/signals/\(uuid)", app.alice)
            #expect(gone.status == .notFound && gone.object["error_description"] as? String == "signal \(uuid) not found")
            #expect(try await app.call(.delete, "/v1/signals/\(uuid)", app.alice).status == .notFound)
            #expect(try await app.call(.put, "/v1/signals/\(uuid)", app.alice, body: ["label": "x"]).status == .notFound)
        }
    }

    @Test func signalsThatReadAlikeHashAlike() async throws {
        try await CatalogTestApp.with { app in
            var copy = Self.accel
            copy["label"] = "ACCEL_COPY"
            copy["display"] = ["unit": "", "min": -1, "max": 1, "format": ""]
            let first = try await app.call(.post, "/v1/signals", app.alice, body: Self.accel).object["hash"] as? String
            let second = try await app.call(.post, "/v1/signals", app.alice, body: copy).object["hash"] as? String
            copy["label"] = "ACCEL_CH2"
            copy["channel"] = 2
            let third = try await app.call(.post, "/v1/signals", app.alice, body: copy).object["hash"] as? String
            #expect(first != nil && first == second && first != third)
        }
    }

    @Test func badRequestsAnswerInIntdashsErrorShape() async throws {
        try await CatalogTestApp.with { app in
            func refusal(_ change: (inout [String: Any]) -> Void, _ headers: HTTPFields? = nil) async throws -> (HTTPResponse.Status, String?) {
                var body = Self.accel
                change(&body)
                let answer = try await app.call(.post, "/v1/signals", headers ?? app.alice, body: body)
                return (answer.status, answer.object["error_description"] as? String)
            }
            #expect(try await refusal { $0["label"] = nil } == (.badRequest, "label is required"))
            #expect(try await refusal { $0["data_type"] = 300 } == (.badRequest, "data_type must be from 0 to 255, not 300"))
            #expect(try await refusal { $0["channel"] = "one" } == (.badRequest, "channel must be a whole number"))
            #expect(
                try await refusal { $0["conversion"] = ["type": "fft", "options": [:]] }
                    == (
                        .badRequest, "conversion.type 'fft' is not one of none, json, csv, num_floating_point, num_fixed_point, sub_bytes, sub_string"
                    ))
            #expect(
                try await refusal { $0["conversion"] = ["type": "num_fixed_point", "options": ["startbit": 0]] }
                    == (.badRequest, "conversion.options.bitsize is required"))
            #expect(
                try await refusal { $0["conversion"] = ["type": "json", "options": ["fieldpath": "a", "value_type": "bool"]] }
                    == (.badRequest, "conversion.options.value_type 'bool' is not accepted"))
            #expect(
                try await refusal { $0["conversion"] = ["type": "csv", "options": ["delimiters": [1], "index": 0, "value_type": "num"]] }
                    == (.badRequest, "conversion.options.delimiters must be a list of strings"))
            #expect(
                try await refusal {
                    $0["conversion"] = ["type": "num_floating_point", "options": ["startbyte": 0, "endian": "middle", "precision": 64]]
                }
                    == (.badRequest, "conversion.options.endian 'middle' is not accepted"))
            #expect(try await refusal { $0["display"] = ["min": "low"] } == (.badRequest, "display.min must be a number"))
            #expect(
                try await refusal { $0["conversion"] = ["type": "sub_string", "options": ["startbyte": 0, "bytesize": -2]] }
                    == (.badRequest, "conversion: bytesize must be from 0 to 1073741824, not -2"))

            #expect(try await app.call(.post, "/v1/signals", app.alice, body: Self.accel).status == .created)
            #expect(try await refusal { _ in } == (.conflict, "a signal labelled ACCEL exists already"))
            let edge = try await app.fixture.edges.create(name: "car").edge
            #expect(try await refusal({ $0["label"] = "EDGE" }, try await app.edgeToken(edge.uuid)).0 == .forbidden)
            #expect(try await app.call(.get, "/v1/signals?sort=colour", app.alice).status == .badRequest)
            #expect(try await app.call(.get, "/v1/signals").status == .unauthorized)
            #expect(try await app.call(.get, "/v1/signals/not-a-uuid", app.alice).status == .notFound)
        }
    }
}
