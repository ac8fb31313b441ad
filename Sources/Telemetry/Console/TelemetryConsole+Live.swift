import Foundation
import HTTPSupport
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `GET /telemetry/live` and its event stream.
extension TelemetryConsole {
    /// The most data id filters a live view may follow.
    static let maximumLiveFilterCount = 16
    /// How often the stream sends a comment when no data flows, so that a closed connection is
    /// noticed and proxies keep it open.
    static let heartbeatInterval: Duration = .seconds(15)

    /// `GET /telemetry/live`: the form, and the plot of what was picked.
    func live(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (user, scope) = try Self.viewer(of: context)
        let parameters = FormEncodedQuery(request.uri.query)
        let choice = try await liveChoice(parameters, scope: scope)
        var edgeQuery = EdgeQuery()
        edgeQuery.page = PageRequest(limit: Self.overviewEdgeCount)
        let choices = try await edges.list(edgeQuery, scope: scope).items
        return TelemetryConsoleResponse.page(LiveViewPage.html(choice: choice, edges: choices, user: user))
    }

    /// `GET /telemetry/live/events?edge=…` (or `measurement=…`, `data=type:name…`): what the
    /// edge sends from now on, as Server-Sent Events, each a batch of points of one chunk:
    ///
    /// ```text
    /// event: points
    /// data: {"measurement":"…","points":[["float64:1/speed",1000000,12.5]]}
    /// ```
    ///
    /// with the points written as in ``points(_:context:)``. When the person's view falls
    /// behind, events are dropped rather than buffered without bound (the broker keeps 8,192,
    /// the stream the newest 64 chunks); when the broker has dropped some, the stream sends
    /// `event: dropped` with how many so far. It ends when the client goes away or
    /// the server shuts down.
    func liveEvents(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (_, scope) = try Self.viewer(of: context)
        guard let choice = try await liveChoice(FormEncodedQuery(request.uri.query), scope: scope) else {
            throw APIError(.badRequest, "Name the edge to watch with 'edge' or the measurement with 'measurement'.")
        }
        let broker = broker
        let body = ResponseBody { writer in
            let subscription = await broker.subscribe([TelemetryDownstreamFilter(sourceNodeID: choice.edge, dataFilters: choice.filters)])
            let (messages, continuation) = AsyncStream.makeStream(of: LiveMessage.self, bufferingPolicy: .bufferingNewest(64))
            let forwarding = Task {
                for await event in subscription.events {
                    guard case .chunk(let chunk) = event else { continue }
                    if let measurement = choice.measurement, chunk.upstream.sessionID.lowercased() != measurement { continue }
                    continuation.yield(.chunk(chunk))
                    let dropped = await broker.droppedEvents(of: subscription.id)
                    if dropped > 0 { continuation.yield(.dropped(dropped)) }
                }
                continuation.finish()
            }
            let heartbeat = Task {
                while !Task.isCancelled {
                    try await Task.sleep(for: Self.heartbeatInterval)
                    continuation.yield(.heartbeat)
                }
            }
            defer {
                forwarding.cancel()
                heartbeat.cancel()
                continuation.finish()
                Task { await broker.unsubscribe(subscription.id) }
            }
            try await withGracefulShutdownHandler {
                try await writer.write(ByteBuffer(string: "retry: 3000\n: watching \(choice.edge)\n\n"))
                var lastDropped = 0
                for await message in messages {
                    switch message {
                    case .chunk(let chunk): try await writer.write(ByteBuffer(string: Self.event(for: chunk)))
                    case .dropped(let count) where count > lastDropped:
                        lastDropped = count
                        try await writer.write(ByteBuffer(string: "event: dropped\ndata: \(count)\n\n"))
                    case .dropped: continue
                    case .heartbeat: try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                    }
                }
                try await writer.finish(nil)
            } onGracefulShutdown: {
                continuation.finish()
            }
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", .xContentTypeOptions: "nosniff"],
            body: body
        )
    }

    /// What the event stream writes next.
    private enum LiveMessage: Sendable {
        /// A chunk of points to send.
        case chunk(TelemetryChunk)
        /// The broker dropped this many events for the stream so far.
        case dropped(Int)
        /// Time to show the connection is alive.
        case heartbeat
    }

    /// The `points` event of `chunk`.
    private static func event(for chunk: TelemetryChunk) -> String {
        let points = chunk.groups.flatMap { group in group.dataPoints.map { jsonPoint(group.dataID, $0) } }
        return "event: points\ndata: {\"measurement\":\(jsonString(chunk.upstream.sessionID)),\"points\":[\(points.joined(separator: ","))]}\n\n"
    }

    /// What `parameters` pick: the edge (`edge`) or the measurement (`measurement`, whose edge
    /// is then watched), and the data id filters (`data`, each value one or more `type:name`
    /// separated by spaces; every data id when none); `nil` when neither edge nor measurement
    /// is named.
    ///
    /// - Throws: ``CatalogError`` not-found errors for what the person may not see; 400 for a
    ///   malformed filter.
    func liveChoice(_ parameters: FormEncodedQuery, scope: CatalogScope) async throws -> LiveViewPage.Choice? {
        let words = parameters.all("data").flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
        let filters = try Self.dataIDs(words, limit: Self.maximumLiveFilterCount).map { TelemetryDataFilter(name: $0.name, type: $0.type) }
        if let problem = filters.lazy.compactMap(\.problem).first { throw APIError(.badRequest, problem) }
        let chosen = filters.isEmpty ? [TelemetryDataFilter.all] : filters
        if let text = parameters["measurement"], !text.isEmpty {
            guard let uuid = UUID(uuidString: text) else { throw CatalogError.measurementNotFound(text) }
            let measurement = try await measurements.measurement(uuid: uuid.uuidString.lowercased(), scope: scope)
            return LiveViewPage.Choice(edge: measurement.edgeUUID, measurement: measurement.uuid, filters: chosen)
        }
        guard let text = parameters["edge"], !text.isEmpty else { return nil }
        let edge = try await edges.edge(uuid: text.lowercased(), scope: scope)
        return LiveViewPage.Choice(edge: edge.uuid, measurement: nil, filters: chosen)
    }
}
