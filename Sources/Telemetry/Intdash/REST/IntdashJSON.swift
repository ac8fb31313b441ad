import Foundation
import JSON

/// The catalog's intdash shapes as ``JSON/JSONValue``s, for the command line, which prints
/// them and adds members to a measurement's. Each is the JSON of the typed resource the API
/// answers, so that both always agree.
public enum IntdashJSON {
    /// ``IntdashEdgeResource`` of `edge`, with `clientSecret` when it was just made.
    public static func edge(_ edge: Edge, clientSecret: String? = nil) -> JSONValue {
        value(of: IntdashEdgeResource(edge, clientSecret: clientSecret))
    }

    /// ``IntdashMeasurementResource`` of `measurement`.
    public static func measurement(_ measurement: Measurement) -> JSONValue {
        value(of: IntdashMeasurementResource(measurement))
    }

    /// ``IntdashBaseTimeResource`` of `baseTime`.
    public static func baseTime(_ baseTime: MeasurementBaseTime) -> JSONValue {
        value(of: IntdashBaseTimeResource(baseTime))
    }

    /// ``IntdashMarkerResource`` of `marker`.
    public static func marker(_ marker: MeasurementMarker) -> JSONValue {
        value(of: IntdashMarkerResource(marker))
    }

    /// `resource` read back as a JSON value. These resources hold only strings, whole numbers,
    /// flags and `null`, which always encode and decode.
    private static func value(of resource: some Encodable) -> JSONValue {
        try! JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(resource))
    }
}
