import Foundation

/// The one byte range of a `Range: bytes=…` request header, resolved against a size.
///
/// Multi-range requests and unit other than bytes are answered with the whole content, as
/// RFC 9110 allows; a range that starts past the end is unsatisfiable.
public enum ByteRange {
    /// What a `Range` header asks of content of `size` bytes.
    public enum Outcome: Equatable, Sendable {
        /// No usable range: send everything.
        case whole
        /// Send these bytes with 206.
        case partial(Range<Int64>)
        /// Answer 416.
        case unsatisfiable
    }

    /// Resolves the header `value` (or its absence) for content of `size` bytes.
    public static func resolve(_ value: String?, size: Int64) -> Outcome {
        guard let value, value.hasPrefix("bytes="), !value.contains(",") else { return .whole }
        let spec = value.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            // A suffix: the last N bytes.
            guard let count = Int64(last), count > 0 else { return .whole }
            return size == 0 ? .unsatisfiable : .partial(max(0, size - count)..<size)
        }
        guard let start = Int64(first), start >= 0 else { return .whole }
        guard start < size else { return .unsatisfiable }
        if last.isEmpty { return .partial(start..<size) }
        guard let end = Int64(last), end >= start else { return .whole }
        return .partial(start..<min(end + 1, size))
    }
}
