import Foundation
import HTTPSupport

/// The URLs of the Telemetry console, as paths on this server.
///
/// They are URLs, not HTML: the page templates escape them where they put them in an
/// attribute. Query values are percent-encoded so that ``HTTPSupport/FormEncodedQuery``
/// reads them back exactly.
enum TelemetryConsoleLink {
    /// Where the console lives; its overview of edges and recent measurements.
    static let root = "/telemetry"
    /// The stylesheet every page loads.
    static let stylesheet = "\(root)/assets/console.css"
    /// The script that draws the plots, replays measurements and follows live data.
    static let script = "\(root)/assets/console.js"
    /// The live view without a choice made.
    static let live = "\(root)/live"
    /// The Server-Sent Events stream of live points.
    static let liveEvents = "\(root)/live/events"

    /// The list of measurements, of the edge `edge` only when given.
    static func measurements(edge: String? = nil, page: Int? = nil) -> String {
        var parameters: [String] = []
        if let edge, !edge.isEmpty { parameters.append("edge=\(encoded(edge))") }
        if let page, page > 1 { parameters.append("page=\(page)") }
        return "\(root)/measurements" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    /// The page of the measurement `uuid`.
    static func measurement(_ uuid: String) -> String {
        "\(root)/measurements/\(encoded(uuid))"
    }

    /// The stored points of the measurement `uuid`, as JSON (``TelemetryConsole/points(_:context:)``).
    static func points(of uuid: String) -> String {
        "\(measurement(uuid))/points"
    }

    /// Every stored point of the measurement `uuid` as NDJSON, the export its notarization covers.
    static func export(of uuid: String) -> String {
        "\(measurement(uuid))/export.ndjson"
    }

    /// The live view of the edge `edge`, or of the measurement `measurement` while it streams.
    static func live(edge: String? = nil, measurement: String? = nil) -> String {
        var parameters: [String] = []
        if let edge { parameters.append("edge=\(encoded(edge))") }
        if let measurement { parameters.append("measurement=\(encoded(measurement))") }
        return live + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    /// The live event stream of `edge`'s data ids matching `filters`, of the session
    /// `measurement` only when given.
    static func liveEvents(edge: String, measurement: String?, filters: [TelemetryDataFilter]) -> String {
        var parameters = ["edge=\(encoded(edge))"]
        if let measurement { parameters.append("measurement=\(encoded(measurement))") }
        parameters += filters.map { "data=\(encoded($0.description))" }
        return liveEvents + "?" + parameters.joined(separator: "&")
    }

    /// `text` as a query value or path segment: everything but unreserved characters escaped.
    static func encoded(_ text: String) -> String { FormEncodedQuery.escaped(text) }
}
