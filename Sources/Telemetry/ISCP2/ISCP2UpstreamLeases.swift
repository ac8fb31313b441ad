import Logging
import ServiceLifecycle
import Storage

/// The service that keeps this instance's iSCP v2 upstreams in the deployment's database
/// alive and reports the ones whose leases ran out (``ISCP2SharedUpstreams``).
///
/// Every `interval` it renews the leases of the upstreams attached here, then deletes the
/// upstreams no instance renewed or resumed in time — those of an instance that was killed
/// count as lost from its last renewal — and tells their watchers they were lost, once.
public final class ISCP2UpstreamLeases: Service, Sendable {
    let shared: ISCP2SharedUpstreams
    private let broker: TelemetryBroker
    private let interval: Duration
    private let logger: Logger

    /// Creates the service for the upstreams `shared` holds, reporting through `broker`.
    init(shared: ISCP2SharedUpstreams, broker: TelemetryBroker, logger: Logger) {
        self.shared = shared
        self.broker = broker
        self.interval = shared.leaseTime / 3
        self.logger = logger
    }

    /// Renews and sweeps every `interval` until graceful shutdown.
    public func run() async throws {
        await PeriodicWork.run(every: interval, logger: logger, failure: "iSCP v2 upstream leases not renewed") {
            try await self.renewAndSweep()
        }
    }

    /// Renews this instance's leases, then reports every upstream whose lease ran out as lost.
    func renewAndSweep() async throws {
        try await shared.renewLeases()
        for upstream in try await shared.sweepExpired() {
            logger.debug("iSCP v2 upstream lost with its lease", metadata: ["stream": "\(upstream.streamID)"])
            await broker.publish(.upstreamLost(upstream), from: upstream.sourceNodeID)
        }
    }
}
