import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Prometheus

/// `GET /metrics`: every metric of the process in the Prometheus text format, for members of
/// `administrators`.
///
/// Latency histograms per route come from Hummingbird's `MetricsMiddleware` as
/// `http_server_request_duration_seconds`-style histograms labelled with `http_route`,
/// method and status. A Prometheus server scrapes it with an administrator's API key:
/// `authorization: {type: app-token, credentials: KEY}`.
public struct MetricsRoutes: Sendable {
    private let registry: PrometheusCollectorRegistry
    private let accounts: AccountStore

    /// Creates the routes over the registry that the process's metrics factory writes to.
    public init(registry: PrometheusCollectorRegistry, accounts: AccountStore) {
        self.registry = registry
        self.accounts = accounts
    }

    /// Adds `GET /metrics` to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.group("metrics")
            .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: .standard))
            .add(middleware: RequireGroupMiddleware(Group.administrators))
            .get { _, _ in
                var buffer: [UInt8] = []
                buffer.reserveCapacity(16 * 1024)
                registry.emit(into: &buffer)
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(bytes: buffer))
                )
            }
    }
}
