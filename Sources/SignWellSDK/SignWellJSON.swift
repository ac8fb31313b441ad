import Foundation

/// How SignWell JSON is read and written: keys come from each model's `CodingKeys`, dates
/// are ISO 8601 (with or without fractional seconds).
///
/// The client uses these coders; use them too when you store or print models, so that dates
/// keep their API form:
///
/// ```swift
/// let json = try SignWellJSON.encoder().encode(document)
/// ```
public enum SignWellJSON {
    /// A decoder for the API's answers.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date and time")
            }
            return date
        }
        return decoder
    }

    /// An encoder for requests and for models written back: dates in ISO 8601 with
    /// milliseconds, keys sorted, unset optional properties left out.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        return encoder
    }

    /// `text` as an ISO 8601 date and time, such as `2025-07-04T15:20:00Z` or
    /// `2025-07-04T15:20:00.123+02:00`.
    static func date(from text: String) -> Date? {
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    }
}
