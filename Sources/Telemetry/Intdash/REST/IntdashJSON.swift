import Foundation
import JSON

/// The catalog's intdash shapes as ``JSON/JSONValue``s, for the command line, which prints
/// them and adds members to a measurement's. Each is the JSON of the typed resource the API
/// answers, so that both always agree.
public enum IntdashJSON {
    /// ``IntdashEdgeResource`` of `edge`, with `clientSecret` when it was just made.
    public static func edge(_ edge: Edge, clientSecret: String? = nil) throws -> JSONValue {
        try value(of: IntdashEdgeResource(edge, clientSecret: clientSecret))
    }

    /// ``IntdashMeasurementResource`` of `measurement`.
    public static func measurement(_ measurement: Measurement) throws -> JSONValue {
        try value(of: IntdashMeasurementResource(measurement))
    }

    /// ``IntdashBaseTimeResource`` of `baseTime`.
    public static func baseTime(_ baseTime: MeasurementBaseTime) throws -> JSONValue {
        try value(of: IntdashBaseTimeResource(baseTime))
    }

    /// ``IntdashMarkerResource`` of `marker`.
    public static func marker(_ marker: MeasurementMarker) throws -> JSONValue {
        try value(of: IntdashMarkerResource(marker))
    }

    /// `resource` read back as a JSON value.
    private static func value(of resource: some Encodable) throws -> JSONValue {
        try JSONValue(parsing: JSONEncoder().encode(resource))
    }
}
