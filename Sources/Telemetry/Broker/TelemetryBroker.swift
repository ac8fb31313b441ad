import Storage

/// Routes data between nodes: chunks and metadata from upstreams to the downstreams whose
/// filters select them, and E2E calls from one node to another.
///
/// The broker is protocol-neutral: the iSCP 1.0 and iSCP v2 endpoints both translate their
/// messages into ``TelemetryChunk`` and ``TelemetryMetadata``, so a device on one protocol can
/// be watched from the other. It holds routing tables only; storing is the upstream
/// endpoint's job, done before a chunk is acknowledged.
///
/// ```swift
/// let broker = TelemetryBroker()
/// let watch = await broker.subscribe([.all(from: edgeID)])
/// await broker.publish(chunk)                 // from an upstream of edgeID
/// for await event in watch.events { … }       // .chunk(chunk)
/// ```
///
/// A subscriber that falls behind by more than ``bufferLimit`` events loses the oldest
/// ones rather than letting the server's memory grow without bound;
/// ``droppedEvents(of:)`` counts them.
///
/// With a ``TelemetryClusterLink``, the brokers of several instances act as one: what an
/// upstream here publishes also goes to the other instances, a downstream here also receives
/// what the upstreams of the nodes it watches publish elsewhere, and a call for a node
/// connected elsewhere is passed on.
public actor TelemetryBroker {
    /// A downstream's registration: its id and the events that pass its filters.
    public struct Subscription: Sendable {
        /// Identifies the subscription to ``TelemetryBroker/unsubscribe(_:)``.
        public let id: UInt64
        /// The events, in the order they were published; it finishes on unsubscribe.
        public let events: AsyncStream<TelemetryDownstreamEvent>
    }

    /// A node's registration for E2E calls.
    public struct NodeAttachment: Sendable {
        /// Identifies the attachment to ``TelemetryBroker/detach(_:)``.
        public let id: UInt64
        /// The node.
        public let nodeID: String
        /// Calls addressed to the node.
        public let calls: AsyncStream<TelemetryCall>
    }

    private struct Subscriber {
        let filters: [TelemetryDownstreamFilter]
        let continuation: AsyncStream<TelemetryDownstreamEvent>.Continuation
        var droppedEvents = 0
    }

    /// How many events a subscriber may have waiting before the oldest are dropped.
    public let bufferLimit: Int
    private var nextID: UInt64 = 1
    private var subscribers: [UInt64: Subscriber] = [:]
    /// The tasks waiting in ``waitUntilSubscriptionCount(timeout:satisfies:)``, by waiter id.
    private var countWaiters: [UInt64: CountWaiter] = [:]
    /// Subscriber ids by the source node ids their filters name, so that a chunk is only
    /// matched against the subscribers that watch its node.
    private var subscribersBySource: [String: Set<UInt64>] = [:]
    private var attachments: [String: [UInt64: AsyncStream<TelemetryCall>.Continuation]] = [:]
    /// The other instances, when there are any.
    private let link: TelemetryClusterLink?
    /// What comes from the other instances, by the node it is about: its events while a
    /// subscriber here watches it, its calls while it is attached here.
    private var remoteEvents: [String: RemoteFeed] = [:]
    private var remoteCalls: [String: RemoteFeed] = [:]

    /// A subscription to the other instances and the task that routes what it brings.
    private struct RemoteFeed {
        let subscription: NATSSubscription
        let task: Task<Void, Never>
    }

    /// Creates a broker with no subscribers, linked to the brokers of other instances by
    /// `link` when given.
    public init(bufferLimit: Int = 8192, link: TelemetryClusterLink? = nil) {
        self.bufferLimit = bufferLimit
        self.link = link
    }

    // MARK: Downstreams

    /// Registers a downstream that receives what passes any of `filters`: once this returns,
    /// it receives everything published after, here or on the other instances.
    public func subscribe(_ filters: [TelemetryDownstreamFilter]) async -> Subscription {
        let id = takeID()
        let (events, continuation) = AsyncStream.makeStream(of: TelemetryDownstreamEvent.self, bufferingPolicy: .bufferingNewest(bufferLimit))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        subscribers[id] = Subscriber(filters: filters, continuation: continuation)
        settleCountWaiters()
        var watchesNewSource = false
        for source in Set(filters.map(\.sourceNodeID)) {
            subscribersBySource[source, default: []].insert(id)
            if remoteEvents[source] == nil {
                watchOtherInstances(for: source)
                watchesNewSource = true
            }
        }
        if watchesNewSource { await link?.confirmSubscriptions() }
        return Subscription(id: id, events: events)
    }

    /// Removes a downstream and finishes its event stream; unknown ids are ignored.
    public func unsubscribe(_ id: UInt64) {
        guard let subscriber = subscribers.removeValue(forKey: id) else { return }
        settleCountWaiters()
        for source in Set(subscriber.filters.map(\.sourceNodeID)) {
            subscribersBySource[source]?.remove(id)
            if subscribersBySource[source]?.isEmpty == true {
                subscribersBySource[source] = nil
                end(remoteEvents.removeValue(forKey: source))
            }
        }
        subscriber.continuation.finish()
    }

    /// How many events subscription `id` lost because it fell behind.
    public func droppedEvents(of id: UInt64) -> Int { subscribers[id]?.droppedEvents ?? 0 }

    /// How many downstreams are registered.
    public var subscriptionCount: Int { subscribers.count }

    /// A task waiting for the number of subscriptions to satisfy its condition.
    private struct CountWaiter {
        let condition: @Sendable (Int) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
        let timer: Task<Void, Never>
    }

    /// Returns `true` once the number of registered downstreams satisfies `condition` (at once
    /// when it does now), or `false` when `timeout` passes first: what a caller awaits instead
    /// of polling ``subscriptionCount`` (a viewer's connection has subscribed, or its end has
    /// unsubscribed everything).
    public func waitUntilSubscriptionCount(timeout: Duration = .seconds(30), satisfies condition: @escaping @Sendable (Int) -> Bool) async -> Bool {
        if condition(subscribers.count) { return true }
        let id = takeID()
        return await withCheckedContinuation { continuation in
            let timer = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.expireCountWaiter(id)
            }
            countWaiters[id] = CountWaiter(condition: condition, continuation: continuation, timer: timer)
        }
    }

    /// Resumes the waiters whose condition the number of subscriptions now satisfies.
    private func settleCountWaiters() {
        guard !countWaiters.isEmpty else { return }
        let count = subscribers.count
        for (id, waiter) in countWaiters where waiter.condition(count) {
            countWaiters[id] = nil
            waiter.timer.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    /// Resumes waiter `id` with `false`, if it still waits.
    private func expireCountWaiter(_ id: UInt64) {
        countWaiters.removeValue(forKey: id)?.continuation.resume(returning: false)
    }

    /// Hands each subscriber watching the chunk's node the groups its filters pass, here and
    /// on the other instances. With a link, it returns once the chunk is written to NATS, so
    /// that an acknowledgement sent after it never overtakes it.
    public func publish(_ chunk: TelemetryChunk) async {
        route(chunk)
        await link?.publish(.chunk(chunk), about: chunk.upstream.sourceNodeID)
    }

    /// Hands `metadata` from `sourceNodeID` to every subscriber watching that node, here and
    /// on the other instances, returning as ``publish(_:)`` does.
    public func publish(_ metadata: TelemetryMetadata, from sourceNodeID: String) async {
        route(metadata, from: sourceNodeID)
        await link?.publish(.metadata(metadata, sourceNodeID: sourceNodeID), about: sourceNodeID)
    }

    private func route(_ chunk: TelemetryChunk) {
        let source = chunk.upstream.sourceNodeID
        guard let ids = subscribersBySource[source] else { return }
        for id in ids {
            guard let subscriber = subscribers[id] else { continue }
            let passing = chunk.keepingGroups { group in
                subscriber.filters.contains { $0.passes(group.dataID, from: source) }
            }
            if let passing { deliver(.chunk(passing), to: id) }
        }
    }

    private func route(_ metadata: TelemetryMetadata, from sourceNodeID: String) {
        guard let ids = subscribersBySource[sourceNodeID] else { return }
        for id in ids {
            deliver(.metadata(metadata, sourceNodeID: sourceNodeID), to: id)
        }
    }

    private func deliver(_ event: TelemetryDownstreamEvent, to id: UInt64) {
        guard let continuation = subscribers[id]?.continuation else { return }
        if case .dropped = continuation.yield(event) {
            subscribers[id]?.droppedEvents += 1
        }
    }

    // MARK: E2E calls

    /// Registers a connection of `nodeID` to receive the calls addressed to it, from this
    /// instance or the others once this returns. A node may be attached through several
    /// connections; each receives every call.
    public func attach(node nodeID: String) async -> NodeAttachment {
        let id = takeID()
        let (calls, continuation) = AsyncStream.makeStream(of: TelemetryCall.self, bufferingPolicy: .bufferingNewest(bufferLimit))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeAttachment(id: id, nodeID: nodeID) }
        }
        attachments[nodeID, default: [:]][id] = continuation
        if remoteCalls[nodeID] == nil {
            takeCallsFromOtherInstances(for: nodeID)
            await link?.confirmSubscriptions()
        }
        return NodeAttachment(id: id, nodeID: nodeID, calls: calls)
    }

    /// Removes a node's registration and finishes its call stream.
    public func detach(_ attachment: NodeAttachment) {
        removeAttachment(id: attachment.id, nodeID: attachment.nodeID)
    }

    private func removeAttachment(id: UInt64, nodeID: String) {
        guard let continuation = attachments[nodeID]?.removeValue(forKey: id) else { return }
        if attachments[nodeID]?.isEmpty == true {
            attachments[nodeID] = nil
            end(remoteCalls.removeValue(forKey: nodeID))
        }
        continuation.finish()
    }

    /// Delivers `call` to its destination node, connected here or to another instance;
    /// `false` when that node is connected nowhere.
    public func send(_ call: TelemetryCall) async -> Bool {
        if deliver(call) { return true }
        guard let link else { return false }
        return await link.forward(call)
    }

    /// Delivers `call` to the connections of its destination here; `false` when there are none.
    private func deliver(_ call: TelemetryCall) -> Bool {
        guard let receivers = attachments[call.destinationNodeID], !receivers.isEmpty else { return false }
        for continuation in receivers.values { continuation.yield(call) }
        return true
    }

    // MARK: Other instances

    /// Starts routing here what the other instances publish about `source`.
    private func watchOtherInstances(for source: String) {
        remoteEvents[source] = feed({ try $0.events(from: source) }) { broker, link, message in
            switch link.decode(message) {
            case .chunk(let chunk): await broker.route(chunk)
            case .metadata(let metadata, let sourceNodeID): await broker.route(metadata, from: sourceNodeID)
            case .call, nil: break
            }
        }
    }

    /// Starts delivering here the calls the other instances pass on for `nodeID`.
    private func takeCallsFromOtherInstances(for nodeID: String) {
        remoteCalls[nodeID] = feed({ try $0.calls(to: nodeID) }) { broker, link, message in
            guard case .call(let call) = link.decode(message) else { return }
            if await broker.deliver(call) { await link.acknowledge(message) }
        }
    }

    /// Subscribes through the link with `subscribe` and hands each message to `handle`, in
    /// order; `nil` without a link, or when the link is closed (the server is stopping).
    private func feed(
        _ subscribe: (TelemetryClusterLink) throws -> NATSSubscription,
        handle: @escaping @Sendable (TelemetryBroker, TelemetryClusterLink, NATSMessage) async -> Void
    ) -> RemoteFeed? {
        guard let link, let subscription = try? subscribe(link) else { return nil }
        let task = Task { [weak self] in
            for await message in subscription.messages {
                guard let self else { return }
                await handle(self, link, message)
            }
        }
        return RemoteFeed(subscription: subscription, task: task)
    }

    private func end(_ feed: RemoteFeed?) {
        guard let feed, let link else { return }
        feed.task.cancel()
        link.end(feed.subscription)
    }

    /// Whether a connection of `nodeID` is attached.
    public func isAttached(_ nodeID: String) -> Bool { attachments[nodeID]?.isEmpty == false }

    private func takeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }
}
