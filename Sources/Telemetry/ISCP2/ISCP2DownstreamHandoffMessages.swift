import Foundation
import ISCP
import NIOCore

/// What the instances of a deployment say to one another over NATS to move a waiting iSCP v2
/// downstream from the instance that kept it to the one a resume request reached
/// (``ISCP2DownstreamHandoffs``).
///
/// The instance the resume reached sends a ``Request`` to every instance; the one that keeps
/// the downstream answers, the others stay silent. A `describe` is answered with one
/// ``Answer`` holding a ``Description``; a `take` with an ``Answer`` holding a ``Header``, then
/// as many messages as the header counts, each one event in ``TelemetryClusterMessage``'s
/// bytes, in order. Requests, answers and headers are JSON.
enum ISCP2DownstreamHandoffMessages {
    /// Asks the instance that keeps a downstream about it.
    struct Request: Codable, Sendable {
        /// What is asked.
        enum Step: String, Codable, Sendable {
            /// The downstream's filters and settings, leaving it where it is.
            case describe
            /// The downstream itself: its keeper ends it and sends what it has.
            case take
        }

        /// What is asked.
        let step: Step
        /// The downstream's id.
        let streamID: UUID
        /// The node of the connection that asks to resume it.
        let nodeID: String
        /// The user of the connection that asks to resume it.
        let userID: String
    }

    /// A downstream's settings, the answer to a `describe`.
    struct Description: Codable, Sendable {
        /// What the downstream watches.
        let filters: [TelemetryDownstreamFilter]
        /// Whether it sends again what the client has not acknowledged.
        let isReliable: Bool
        /// How long it stays resumable after its connection is lost, in milliseconds.
        let expiryMilliseconds: Int64
    }

    /// The first message of the answer to a `take`: the aliases the client has learnt, and how
    /// many events follow.
    struct Header: Codable, Sendable {
        /// A data id the client names by alias.
        struct DataIDAlias: Codable, Sendable {
            let alias: UInt32
            let dataID: TelemetryDataID
        }

        /// An upstream the client names by alias.
        struct UpstreamAlias: Codable, Sendable {
            let alias: UInt32
            let upstream: TelemetryUpstream
        }

        let dataIDAliases: [DataIDAlias]
        let upstreamAliases: [UpstreamAlias]
        /// How many event messages follow.
        let eventCount: Int
    }

    /// The keeper's answer: what was asked, or why the downstream cannot be resumed by the
    /// connection that asked (another node's stream, or one still attached).
    enum Answer<Value: Codable & Sendable>: Codable, Sendable {
        case accepted(Value)
        case refused(code: Int, message: String)

        /// The answer to give for `failure`.
        init(_ failure: ISCP2Failure) {
            self = .refused(code: failure.code.rawValue, message: failure.message)
        }

        /// The value, or the failure the keeper gave.
        var result: Result<Value, ISCP2Failure> {
            switch self {
            case .accepted(let value): .success(value)
            case .refused(let code, let message): .failure(ISCP2Failure(ISCP2ResultCode(rawValue: code) ?? .unspecifiedError, message))
            }
        }
    }

    /// `value` as a NATS payload.
    static func encoded(_ value: some Encodable) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONEncoder().encode(value))
    }

    /// A payload as `type`.
    static func decode<Value: Decodable>(_ type: Value.Type, from payload: ByteBuffer) throws -> Value {
        try JSONDecoder().decode(type, from: Data(payload.readableBytesView))
    }
}
