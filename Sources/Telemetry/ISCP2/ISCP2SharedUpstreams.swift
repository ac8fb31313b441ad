import Foundation
import ISCP
import SQLKit
import Storage

/// The iSCP v2 upstreams of a deployment of several instances, as the shared database keeps
/// them, so that a device whose reconnect lands on another instance resumes its upstream
/// there (``TelemetryMigrations``, `iscp2_upstreams` and `iscp2_upstream_aliases`).
///
/// Each row names its *holder*, the instance whose connection has the upstream or whose
/// resume registry keeps it after its connection was lost, and a *lease*: while attached,
/// the holder renews it (``renewLeases()``) to its expiry interval plus ``leaseTime`` ahead;
/// once parked, it ends with the expiry interval. A resume on any instance claims the row
/// (``claim(_:nodeID:)``) with a compare-and-set on its generation, and takes its aliases; an
/// instance killed with upstreams attached stops renewing, so their leases run out as if
/// their connections had been lost then. Whoever deletes a row whose lease ran out — its
/// holder when its expiry timer fires (``release(_:)``), or any instance's sweep
/// (``sweepExpired()``) — is the one that reports the upstream lost, so it is reported once.
///
/// A data-id alias is written before the acknowledgement that tells the client about it
/// (``saveAliases(_:of:)``): a client may use it on any instance from then on.
struct ISCP2SharedUpstreams: Sendable {
    /// The database of the deployment.
    let database: Database
    /// This instance, as the `holder` of the rows it holds.
    let instanceID: String
    /// How long an attached upstream's lease reaches beyond its expiry interval; the holder
    /// renews it several times within this time.
    let leaseTime: Duration
    /// The time leases are measured against (tests move it on).
    private let clock: @Sendable () -> Date

    /// A store for this instance, under a new random instance id.
    init(database: Database, leaseTime: Duration = .seconds(30), clock: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.instanceID = UUID().uuidString.lowercased()
        self.leaseTime = leaseTime
        self.clock = clock
    }

    /// What a claim found.
    enum Claim: Sendable {
        /// The upstream is this instance's now; `previousHolder` had it before.
        case claimed(ISCP2UpstreamState, previousHolder: String)
        /// The claim failed, with what to answer the client.
        case refused(ISCP2Failure)
    }

    /// Records a newly opened upstream, attached here, with the aliases it has so far.
    func register(_ state: ISCP2UpstreamState) async throws {
        let now = nowMilliseconds
        try await database.withTransaction { sql in
            try await sql.insert(into: "iscp2_upstreams")
                .columns(
                    "stream_id", "session_id", "node_id", "qos", "persists", "expiry_ms", "ack_interval_ms",
                    "holder", "generation", "parked", "lease_until_ms"
                )
                .values(
                    SQLBind(TelemetryChunkIndex.key(state.streamID)), SQLBind(state.upstream.sessionID), SQLBind(state.ownerNodeID),
                    SQLBind(state.qos.rawValue), SQLBind(state.persists), SQLBind(state.expiryInterval.milliseconds),
                    SQLBind(state.ackInterval.milliseconds), SQLBind(instanceID), SQLBind(1), SQLBind(false),
                    SQLBind(now + (leaseTime + state.expiryInterval).milliseconds)
                )
                .run()
            try await Self.insert(state.aliases.assigned, of: state.streamID, sql)
        }
    }

    /// Records aliases newly assigned on upstream `streamID`.
    func saveAliases(_ aliases: [UInt32: TelemetryDataID], of streamID: UUID) async throws {
        guard !aliases.isEmpty else { return }
        try await database.withConnection { try await Self.insert(aliases, of: streamID, $0) }
    }

    /// Marks upstream `streamID`, whose connection here was lost, as waiting to be resumed for
    /// `expiryInterval`; returns `false` when another instance has claimed it meanwhile (then
    /// it is that instance's to keep or report).
    func park(_ streamID: UUID, for expiryInterval: Duration) async throws -> Bool {
        let parked = try await database.withConnection { sql in
            try await sql.raw(
                """
                UPDATE iscp2_upstreams SET parked = \(bind: true), lease_until_ms = \(bind: nowMilliseconds + expiryInterval.milliseconds)
                WHERE stream_id = \(bind: TelemetryChunkIndex.key(streamID)) AND holder = \(bind: instanceID) RETURNING stream_id
                """
            ).all()
        }
        return !parked.isEmpty
    }

    /// Takes upstream `streamID` over for a connection of `nodeID`: it must exist, belong to
    /// that node and still be resumable. It is taken from whichever instance holds it; one of
    /// two instances claiming it at once is refused with `RESUME_REQUEST_CONFLICT`.
    func claim(_ streamID: UUID, nodeID: String) async throws -> Claim {
        let name = "upstream \(TelemetryChunkIndex.key(streamID))"
        let now = nowMilliseconds
        guard
            let row = try await database.withConnection({ sql in
                try await sql.select().column("*").from("iscp2_upstreams").where("stream_id", .equal, TelemetryChunkIndex.key(streamID)).first()
            }), try row.decode(column: "lease_until_ms", as: Int64.self) > now
        else {
            return .refused(ISCP2Failure(.streamNotFound, "no \(name) is waiting to be resumed"))
        }
        guard try row.decode(column: "node_id", as: String.self) == nodeID else {
            return .refused(ISCP2Failure(.nodeIDMismatch, "the \(name) belongs to another node"))
        }
        let generation = try row.decode(column: "generation", as: Int64.self)
        let expiryMilliseconds = try row.decode(column: "expiry_ms", as: Int64.self)
        let taken = try await database.withConnection { sql in
            try await sql.raw(
                """
                UPDATE iscp2_upstreams SET holder = \(bind: instanceID), generation = \(bind: generation + 1), parked = \(bind: false),
                    lease_until_ms = \(bind: now + leaseTime.milliseconds + expiryMilliseconds)
                WHERE stream_id = \(bind: TelemetryChunkIndex.key(streamID)) AND generation = \(bind: generation) RETURNING stream_id
                """
            ).all()
        }
        guard !taken.isEmpty else {
            return .refused(ISCP2Failure(.resumeRequestConflict, "the \(name) is being resumed elsewhere; try again"))
        }
        let aliasRows = try await database.withConnection { sql in
            try await sql.select().column("alias").column("name").column("type").from("iscp2_upstream_aliases")
                .where("stream_id", .equal, TelemetryChunkIndex.key(streamID)).all()
        }
        var aliases: [UInt32: TelemetryDataID] = [:]
        for alias in aliasRows {
            let number = UInt32(clamping: try alias.decode(column: "alias", as: Int64.self))
            aliases[number] = TelemetryDataID(
                name: try alias.decode(column: "name", as: String.self), type: try alias.decode(column: "type", as: String.self))
        }
        let qos = ISCP2QoS(rawValue: try row.decode(column: "qos", as: Int.self)) ?? .unreliable
        let state = ISCP2UpstreamState(
            upstream: TelemetryUpstream(streamID: streamID, sessionID: try row.decode(column: "session_id", as: String.self), sourceNodeID: nodeID),
            qos: qos, persists: try row.decode(column: "persists", as: Bool.self),
            expiryInterval: .milliseconds(expiryMilliseconds), ackInterval: .milliseconds(try row.decode(column: "ack_interval_ms", as: Int64.self)),
            aliases: aliases
        )
        return .claimed(state, previousHolder: try row.decode(column: "holder", as: String.self))
    }

    /// Forgets upstream `streamID` if this instance holds it: it was closed, or its expiry
    /// timer fired here. Returns whether it was held here, that is whether an expired upstream
    /// is this instance's to report lost.
    func release(_ streamID: UUID) async throws -> Bool {
        try await database.withTransaction { sql in
            let deleted = try await sql.raw(
                """
                DELETE FROM iscp2_upstreams WHERE stream_id = \(bind: TelemetryChunkIndex.key(streamID)) AND holder = \(bind: instanceID) RETURNING stream_id
                """
            ).all()
            guard !deleted.isEmpty else { return false }
            try await sql.delete(from: "iscp2_upstream_aliases").where("stream_id", .equal, TelemetryChunkIndex.key(streamID)).run()
            return true
        }
    }

    /// Moves the leases of the upstreams attached here ``leaseTime`` plus their expiry
    /// intervals ahead.
    func renewLeases() async throws {
        try await database.withConnection { sql in
            try await sql.raw(
                """
                UPDATE iscp2_upstreams SET lease_until_ms = \(bind: nowMilliseconds + leaseTime.milliseconds) + expiry_ms
                WHERE holder = \(bind: instanceID) AND parked = \(bind: false)
                """
            ).run()
        }
    }

    /// Deletes the upstreams whose leases ran out (their holders died, or their expiry timers
    /// have not fired yet) and returns those this call deleted, for the caller to report lost.
    func sweepExpired(limit: Int = 100) async throws -> [TelemetryUpstream] {
        try await database.withTransaction { sql in
            let rows = try await sql.raw(
                """
                DELETE FROM iscp2_upstreams WHERE stream_id IN (
                    SELECT stream_id FROM iscp2_upstreams WHERE lease_until_ms < \(bind: nowMilliseconds) LIMIT \(bind: limit)
                ) RETURNING stream_id, session_id, node_id
                """
            ).all()
            var expired: [TelemetryUpstream] = []
            for row in rows {
                let stream = try row.decode(column: "stream_id", as: String.self)
                try await sql.delete(from: "iscp2_upstream_aliases").where("stream_id", .equal, stream).run()
                guard let streamID = UUID(uuidString: stream) else { continue }
                expired.append(
                    TelemetryUpstream(
                        streamID: streamID, sessionID: try row.decode(column: "session_id", as: String.self),
                        sourceNodeID: try row.decode(column: "node_id", as: String.self)
                    ))
            }
            return expired
        }
    }

    private static func insert(_ aliases: [UInt32: TelemetryDataID], of streamID: UUID, _ sql: any SQLDatabase) async throws {
        let sorted = aliases.sorted { $0.key < $1.key }
        // A statement binds at most 65,535 values on PostgreSQL: four per alias.
        for start in stride(from: 0, to: sorted.count, by: 1000) {
            var insert = sql.insert(into: "iscp2_upstream_aliases").columns("stream_id", "alias", "name", "type")
            for (alias, dataID) in sorted[start..<min(start + 1000, sorted.count)] {
                insert = insert.values(SQLBind(TelemetryChunkIndex.key(streamID)), SQLBind(Int64(alias)), SQLBind(dataID.name), SQLBind(dataID.type))
            }
            try await insert.ignoringConflicts(with: ["stream_id", "alias"]).run()
        }
    }

    private var nowMilliseconds: Int64 {
        clock().millisecondsSince1970
    }
}
