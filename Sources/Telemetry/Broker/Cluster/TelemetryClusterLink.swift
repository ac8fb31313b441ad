import Logging
import NIOCore
import Storage

/// Carries what a broker routes to the brokers of the deployment's other instances, over
/// core NATS (``TelemetryClusterSubject``): the data and metadata of the upstreams connected
/// here go out as they are published; the data of a node that a downstream here watches
/// comes in; a call for a node connected elsewhere is asked of the others, and the instance
/// the node is connected to answers whether it delivered it.
///
/// Core NATS delivers each publisher's messages in order and keeps nothing: a downstream sees
/// live what is published while it watches, as on a single server. What is stored is read
/// from the database and the segments, not from NATS.
public final class TelemetryClusterLink: Sendable {
    /// How long a call for a node not connected here waits for an instance to take it.
    public let callTimeout: Duration

    /// The NATS connection, which iSCP v2 downstreams changing instance also use.
    let nats: NATSClient
    private let logger: Logger

    /// A link over `nats`; a call for a node connected nowhere fails after `callTimeout`.
    public init(nats: NATSClient, callTimeout: Duration = .seconds(2), logger: Logger) {
        self.nats = nats
        self.callTimeout = callTimeout
        self.logger = logger
    }

    /// Sends `message` about `nodeID` to the other instances and returns once it is written to
    /// NATS's socket; a message that cannot be sent (too large for the NATS server, or NATS
    /// unreachable for long) is logged and dropped, as a downstream that falls behind drops events.
    func publish(_ message: TelemetryClusterMessage, about nodeID: String) async {
        do {
            try await nats.publish(message.encoded(), to: TelemetryClusterSubject.events(of: nodeID))
        } catch {
            logger.warning("telemetry not sent to the other instances", metadata: ["node": "\(nodeID)", "error": "\(error)"])
        }
    }

    /// The data and metadata other instances publish about `nodeID`.
    func events(from nodeID: String) throws -> NATSSubscription {
        try nats.subscribe(to: TelemetryClusterSubject.events(of: nodeID))
    }

    /// The calls other instances pass on for `nodeID`; each one delivered here is to be
    /// acknowledged with ``acknowledge(_:)``.
    func calls(to nodeID: String) throws -> NATSSubscription {
        try nats.subscribe(to: TelemetryClusterSubject.calls(to: nodeID))
    }

    /// Waits until the NATS server has the subscriptions made so far, so that what other
    /// instances publish from now on reaches them; a NATS server that does not answer is
    /// logged and not waited for.
    func confirmSubscriptions() async {
        do {
            try await nats.flush()
        } catch {
            logger.warning("NATS did not confirm the subscriptions", metadata: ["error": "\(error)"])
        }
    }

    /// Ends a subscription made by ``events(from:)`` or ``calls(to:)``.
    func end(_ subscription: NATSSubscription) {
        nats.unsubscribe(subscription)
    }

    /// Asks the other instances to deliver `call`; `true` when one had its destination
    /// connected and delivered it within ``callTimeout``.
    func forward(_ call: TelemetryCall) async -> Bool {
        do {
            let answer = try await nats.request(
                TelemetryClusterMessage.call(call).encoded(), to: TelemetryClusterSubject.calls(to: call.destinationNodeID), timeout: callTimeout
            )
            return answer != nil
        } catch {
            logger.warning("call not passed on to the other instances", metadata: ["node": "\(call.destinationNodeID)", "error": "\(error)"])
            return false
        }
    }

    /// Tells the instance that passed on `request` that its call was delivered here.
    func acknowledge(_ request: NATSMessage) async {
        guard let replyTo = request.replyTo else { return }
        try? await nats.publish(ByteBuffer(), to: replyTo)
    }

    /// Decodes a message another instance sent; `nil`, logged, when it is not one.
    func decode(_ message: NATSMessage) -> TelemetryClusterMessage? {
        do {
            return try TelemetryClusterMessage(decoding: message.payload)
        } catch {
            logger.warning("unreadable telemetry from another instance", metadata: ["subject": "\(message.subject)", "error": "\(error)"])
            return nil
        }
    }
}
