import Accounts
import ChanceryTestSupport
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import SwiftProtobuf
import Testing

@testable import Telemetry

/// Measurements for the data routes' tests, each visible to the users named for it and to
/// administrators: the test's stand-in for the measurement catalog.
actor TestMeasurementDirectory: MeasurementDirectory {
    private var entries: [UUID: (entry: MeasurementDirectoryEntry, readers: Set<String>)] = [:]

    /// Adds measurement `uuid` of `edgeUUID` with `baseTime`, visible to `readers`.
    func add(_ uuid: UUID, edgeUUID: String, baseTime: Int64?, readers: Set<String>) {
        entries[uuid] = (MeasurementDirectoryEntry(uuid: uuid, edgeUUID: edgeUUID, baseTime: baseTime), readers)
    }

    func measurement(_ uuid: UUID, visibleTo principal: Principal) async throws -> MeasurementDirectoryEntry? {
        guard let found = entries[uuid], principal.isAdministrator || found.readers.contains(principal.userName) else { return nil }
        return found.entry
    }

    /// The visible measurements of the edge with UUID `edge` that start before the range's end
    /// (the catalog's finer test of spans is the catalog's own, tested with it); `nil` when the
    /// principal sees none of them.
    func measurements(
        ofEdge edge: String, overlapping timeRange: Range<Int64>, visibleTo principal: Principal
    ) async throws
        -> [MeasurementDirectoryEntry]?
    {
        let visible = entries.values.filter { $0.entry.edgeUUID == edge && (principal.isAdministrator || $0.readers.contains(principal.userName)) }
        guard !visible.isEmpty else { return nil }
        return visible.map(\.entry).filter { ($0.baseTime ?? 0) < timeRange.upperBound }.sorted { ($0.baseTime ?? 0) < ($1.baseTime ?? 0) }
    }
}

/// Signals for the data routes' tests: the test's stand-in for the signal catalog.
actor TestSignalDirectory: SignalDirectory {
    private var signals: [String: Signal] = [:]

    /// Adds a signal labelled `label` that reads `(dataType, channel, dataID)` through `conversion`.
    func add(_ label: String, dataType: UInt8, channel: UInt8, dataID: String, conversion: SignalConversion) {
        signals[label] = Signal(
            uuid: UUID().uuidString.lowercased(), label: label, description: "", dataType: dataType, channel: channel, dataID: dataID,
            conversion: conversion, display: SignalDisplay(), createdBy: "test", createdAt: Date(), updatedAt: Date()
        )
    }

    func signal(labelled label: String) async throws -> Signal? {
        signals[label]
    }
}

/// A recorder that stores chunks in a real ``TelemetryDataStore`` and notes the base times and
/// ended sessions it is given.
actor TestRecording: TelemetryRecording {
    let store: TelemetryDataStore
    private(set) var baseTimes: [TelemetryBaseTime] = []
    private(set) var endedSessions: [String] = []

    init(store: TelemetryDataStore) {
        self.store = store
    }

    func createMeasurement(edgeID: String) async throws -> UUID {
        throw TelemetryRecordingError("the data routes never create measurements")
    }

    func prepare(_ upstream: TelemetryUpstream) async throws {}

    func record(_ chunk: TelemetryChunk) async throws {
        guard let measurement = UUID(uuidString: chunk.upstream.sessionID) else { throw TelemetryRecordingError("not a UUID") }
        try await store.append(chunk, measurement: measurement)
    }

    func record(_ baseTime: TelemetryBaseTime) async throws {
        baseTimes.append(baseTime)
    }

    func endSession(_ sessionID: String) async throws {
        endedSessions.append(sessionID)
    }

    func declare(_ upstream: TelemetryUpstream, totalDataPoints: UInt64, finalSequenceNumber: UInt32) async throws {
        guard let measurement = UUID(uuidString: upstream.sessionID) else { throw TelemetryRecordingError("not a UUID") }
        try await store.declare(
            measurement: measurement, streamID: upstream.streamID,
            expectedDataPoints: Int(totalDataPoints), finalSequenceNumber: Int(finalSequenceNumber)
        )
    }

    func progress(of upstream: TelemetryUpstream) async throws -> TelemetryStreamProgress {
        guard let measurement = UUID(uuidString: upstream.sessionID) else { throw TelemetryRecordingError("not a UUID") }
        return try await store.progress(of: upstream.streamID, in: measurement)
    }
}

/// The data and upload routes over a real store, accounts and authentication, driven through
/// HummingbirdTesting. `alice` may see ``measurement`` (base time 2021-01-01T00:00:00Z), `bob`
/// may not; `root` is an administrator.
struct DataAPITestApp {
    let client: any TestClientProtocol
    let store: TelemetryDataStore
    let recording: TestRecording
    let directory: TestMeasurementDirectory
    let signals: TestSignalDirectory
    /// `X-Api-Key` headers of alice, bob and root.
    let alice: HTTPFields
    let bob: HTTPFields
    let root: HTTPFields

    /// The measurement alice may see.
    static let measurement = UUID(uuidString: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee")!
    /// Its edge.
    static let edge = "11111111-2222-3333-4444-555555555555"
    /// Its base time: 2021-01-01T00:00:00Z in nanoseconds.
    static let baseTime: Int64 = 1_609_459_200_000_000_000

    /// Runs `body` against a fresh application.
    static func with(_ body: @escaping @Sendable (DataAPITestApp) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all, TelemetryDataMigrations.all], logger: TestDatabase.logger)
            try await TemporaryDirectory.with { folder in
                let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                var keys: [HTTPFields] = []
                for (name, groups) in [("alice", [Group.members]), ("bob", [Group.members]), ("root", [Group.administrators])] {
                    try await accounts.createUser(name: name, password: "\(name) password", groups: groups)
                    keys.append([HTTPField.Name("X-Api-Key")!: try await accounts.createAPIKey(userName: name, label: "test").secret])
                }
                let (alice, bob, root) = (keys[0], keys[1], keys[2])
                let store = TelemetryDataStore(database: database, directory: folder + "/telemetry")
                let recording = TestRecording(store: store)
                let directory = TestMeasurementDirectory()
                let signals = TestSignalDirectory()
                await directory.add(measurement, edgeUUID: edge, baseTime: baseTime, readers: ["alice"])
                let router = Router(context: ChanceryRequestContext.self)
                router.add(middleware: ErrorMiddleware(formats: TelemetryCapability.errorFormats))
                let api = router.group("intdash/api").add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: .standard))
                IntdashDataRoutes(store: store, measurements: directory, signals: signals).add(to: api)
                IntdashUploadRoutes(recording: recording, measurements: directory).add(to: api)
                IntdashSequenceRoutes(store: store, measurements: directory).add(to: api)
                try await Application(router: router).test(.router) { client in
                    try await body(
                        DataAPITestApp(
                            client: client, store: store, recording: recording, directory: directory, signals: signals, alice: alice, bob: bob,
                            root: root
                        ))
                }
                await store.close()
            }
        }
    }

    /// What an endpoint answered.
    struct Answer: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: [UInt8]

        /// The body as JSON.
        var json: Any? { try? JSONSerialization.jsonObject(with: Data(body)) }
        /// The body as a JSON object.
        var object: [String: Any] { json as? [String: Any] ?? [:] }
    }

    /// Sends `body` to `/intdash/api` + `path`.
    func call(_ method: HTTPRequest.Method, _ path: String, _ headers: HTTPFields, body: [UInt8]? = nil) async throws -> Answer {
        try await client.execute(uri: "/intdash/api" + path, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) }) { response in
            Answer(status: response.status, headers: response.headers, body: Array(response.body.readableBytesView))
        }
    }

    /// `GET /v1/data` with `query` (already encoded) as protobuf, split into its messages.
    func protobufPoints(_ query: String, _ headers: HTTPFields) async throws -> [IntdashDataResponseProto] {
        var headers = headers
        headers[.accept] = "application/protobuf"
        let answer = try await call(.get, "/v1/data?" + query, headers)
        try #require(answer.status == .ok)
        var messages: [IntdashDataResponseProto] = []
        var rest = answer.body[...]
        while !rest.isEmpty {
            let length = Int(rest.prefix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            rest = rest.dropFirst(8)
            try #require(rest.count >= length)
            messages.append(try IntdashDataResponseProto(serializedBytes: Array(rest.prefix(length))))
            rest = rest.dropFirst(length)
        }
        return messages
    }
}

/// Bytes from hexadecimal text.
func bytes(hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        result.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
    }
    return result
}
