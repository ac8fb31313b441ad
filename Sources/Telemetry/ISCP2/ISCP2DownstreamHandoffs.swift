import Foundation
import Logging
import NIOCore
import ServiceLifecycle
import Storage

/// Moves waiting iSCP v2 downstreams between the instances of a deployment, over NATS: a
/// downstream stays in the memory of the instance it was opened on, and a resume request that
/// reaches another instance takes it from there.
///
/// The instance the resume reached first asks every instance to `describe` the downstream
/// (the one that keeps it answers with its filters), subscribes its own broker to those
/// filters, then asks to `take` it: the keeper ends the downstream and sends its aliases and
/// every event it had not delivered — the chunks the client had not acknowledged, then what
/// arrived while the client was away. The subscription made in between brings what is
/// published from then on, and what it shares with the handoff is skipped once, so nothing is
/// lost or sent twice. The messages are ``ISCP2DownstreamHandoffMessages``.
///
/// As a service, it answers the other instances from this instance's ``registry``. An instance
/// that was killed answers nothing: its downstreams are gone with its memory, and their resume
/// is answered `STREAM_NOT_FOUND`, after which clients open new downstreams.
public final class ISCP2DownstreamHandoffs: Service, Sendable {
    /// This instance's downstreams, attached or waiting to be resumed.
    let registry: ISCP2ResumeRegistry<ISCP2DownstreamState>
    /// How long an instance waits for another's answer, and for a whole handoff.
    let timeout: Duration
    private let nats: NATSClient
    /// The other instances' requests.
    private let requests: NATSSubscription
    private let broker: TelemetryBroker
    private let logger: Logger

    /// The handoffs of the downstreams of `broker`, through `nats`, with a registry of its own
    /// held to `limits`. The other instances' requests are subscribed to at once (the NATS
    /// server has the subscription once `nats` is flushed) and answered while ``run()`` runs.
    init(nats: NATSClient, broker: TelemetryBroker, limits: ISCP2Limits = ISCP2Limits(), timeout: Duration = .seconds(5), logger: Logger) throws {
        self.requests = try nats.subscribe(to: TelemetryClusterSubject.downstreamHandoffs)
        self.registry = .downstreams(of: broker, limits: limits)
        self.nats = nats
        self.broker = broker
        self.timeout = timeout
        self.logger = logger
    }

    // MARK: Answering the other instances

    /// Answers the other instances' requests until graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for await message in self.requests.messages {
                    group.addTask { await self.answer(message) }
                }
            }
        }
        nats.unsubscribe(requests)
    }

    /// Answers `message` when this instance keeps the downstream it names; stays silent
    /// otherwise.
    private func answer(_ message: NATSMessage) async {
        guard let replyTo = message.replyTo,
            let request = try? ISCP2DownstreamHandoffMessages.decode(ISCP2DownstreamHandoffMessages.Request.self, from: message.payload)
        else {
            logger.warning("unreadable iSCP v2 downstream handoff request", metadata: ["subject": "\(message.subject)"])
            return
        }
        do {
            switch request.step {
            case .describe:
                guard let found = await registry.waiting(request.streamID, nodeID: request.nodeID, userID: request.userID) else { return }
                try await reply(found.map(Self.description), to: replyTo)
            case .take:
                guard let found = await registry.handOver(request.streamID, nodeID: request.nodeID, userID: request.userID) else { return }
                let state: ISCP2DownstreamState
                switch found {
                case .failure(let failure):
                    return try await reply(Result<ISCP2DownstreamHandoffMessages.Header, ISCP2Failure>.failure(failure), to: replyTo)
                case .success(let value): state = value
                }
                let handoff = await state.handOff(leaving: broker)
                try await send(handoff, to: replyTo)
                logger.debug("iSCP v2 downstream handed over", metadata: ["stream": "\(request.streamID)", "events": "\(handoff.events.count)"])
            }
        } catch {
            logger.warning("iSCP v2 downstream handoff not answered", metadata: ["stream": "\(request.streamID)", "error": "\(error)"])
        }
    }

    private static func description(of state: ISCP2DownstreamState) -> ISCP2DownstreamHandoffMessages.Description {
        ISCP2DownstreamHandoffMessages.Description(
            filters: state.filters, isReliable: state.isReliable, expiryMilliseconds: state.expiryInterval.milliseconds
        )
    }

    private func reply<Value: Codable & Sendable>(_ result: Result<Value, ISCP2Failure>, to replyTo: String) async throws {
        let answer: ISCP2DownstreamHandoffMessages.Answer<Value> =
            switch result {
            case .success(let value): .accepted(value)
            case .failure(let failure): .init(failure)
            }
        try await nats.publish(ISCP2DownstreamHandoffMessages.encoded(answer), to: replyTo)
    }

    /// Sends `handoff`: its header, then each event.
    private func send(_ handoff: ISCP2DownstreamState.Handoff, to replyTo: String) async throws {
        let header = ISCP2DownstreamHandoffMessages.Header(
            dataIDAliases: handoff.dataIDAliases.map { .init(alias: $0.value, dataID: $0.key) },
            upstreamAliases: handoff.upstreamAliases.map { .init(alias: $0.value, upstream: $0.key) },
            eventCount: handoff.events.count
        )
        try await reply(Result<_, ISCP2Failure>.success(header), to: replyTo)
        for event in handoff.events {
            try await nats.publish(TelemetryClusterMessage(event).encoded(), to: replyTo)
        }
    }

    // MARK: Asking the other instances

    /// The settings of the downstream `streamID` that another instance keeps for a connection
    /// of `nodeID` signed in as `userID`, or why that connection may not resume it; `nil` when
    /// no instance answers within ``timeout``.
    func describe(_ streamID: UUID, nodeID: String, userID: String) async -> Result<ISCP2DownstreamHandoffMessages.Description, ISCP2Failure>? {
        let request = ISCP2DownstreamHandoffMessages.Request(step: .describe, streamID: streamID, nodeID: nodeID, userID: userID)
        do {
            guard
                let message = try await nats.request(
                    ISCP2DownstreamHandoffMessages.encoded(request), to: TelemetryClusterSubject.downstreamHandoffs, timeout: timeout)
            else { return nil }
            return try ISCP2DownstreamHandoffMessages.decode(
                ISCP2DownstreamHandoffMessages.Answer<ISCP2DownstreamHandoffMessages.Description>.self, from: message.payload
            )
            .result
        } catch {
            logger.warning("iSCP v2 downstream not described by the other instances", metadata: ["stream": "\(streamID)", "error": "\(error)"])
            return nil
        }
    }

    /// Takes the downstream `streamID` from the instance that keeps it: its aliases and the
    /// events it had not delivered; `nil` when the whole of it does not arrive within
    /// ``timeout`` (the stream is then lost).
    func take(_ streamID: UUID, nodeID: String, userID: String) async -> Result<ISCP2DownstreamState.Handoff, ISCP2Failure>? {
        let request = ISCP2DownstreamHandoffMessages.Request(step: .take, streamID: streamID, nodeID: nodeID, userID: userID)
        let inbox = NATSClient.newInbox()
        do {
            let answers = try nats.subscribe(to: inbox)
            defer { nats.unsubscribe(answers) }
            try await nats.publish(ISCP2DownstreamHandoffMessages.encoded(request), to: TelemetryClusterSubject.downstreamHandoffs, replyTo: inbox)
            return try await withThrowingTaskGroup(of: Result<ISCP2DownstreamState.Handoff, ISCP2Failure>?.self) { group in
                group.addTask { try await Self.receiveHandoff(from: answers.messages) }
                group.addTask {
                    try await Task.sleep(for: self.timeout)
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        } catch {
            logger.warning("iSCP v2 downstream not taken from the other instances", metadata: ["stream": "\(streamID)", "error": "\(error)"])
            return nil
        }
    }

    /// Reads a handoff, header first; `nil` when the messages end before it is whole.
    private static func receiveHandoff(from messages: AsyncStream<NATSMessage>) async throws -> Result<ISCP2DownstreamState.Handoff, ISCP2Failure>? {
        var iterator = messages.makeAsyncIterator()
        guard let first = await iterator.next() else { return nil }
        let answer = try ISCP2DownstreamHandoffMessages.decode(
            ISCP2DownstreamHandoffMessages.Answer<ISCP2DownstreamHandoffMessages.Header>.self, from: first.payload)
        let header: ISCP2DownstreamHandoffMessages.Header
        switch answer.result {
        case .failure(let failure): return .failure(failure)
        case .success(let value): header = value
        }
        var handoff = ISCP2DownstreamState.Handoff(
            dataIDAliases: Dictionary(header.dataIDAliases.map { ($0.dataID, $0.alias) }, uniquingKeysWith: { first, _ in first }),
            upstreamAliases: Dictionary(header.upstreamAliases.map { ($0.upstream, $0.alias) }, uniquingKeysWith: { first, _ in first }),
            events: []
        )
        handoff.events.reserveCapacity(min(header.eventCount, NATSClient.subscriptionBufferLimit))
        while handoff.events.count < header.eventCount {
            guard let message = await iterator.next() else { return nil }
            guard let event = try TelemetryClusterMessage(decoding: message.payload).downstreamEvent else {
                throw TelemetryClusterMessage.Malformed(description: "a call among a downstream's events")
            }
            handoff.events.append(event)
        }
        return .success(handoff)
    }
}
