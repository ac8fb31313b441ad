import Foundation

/// Splits a `multipart/form-data`, `multipart/related` or `multipart/mixed` body into its
/// parts (RFC 2046). Any byte string gives parts or a ``MultipartError``.
public enum MultipartBody {
    /// The boundary parameter of a multipart `Content-Type`, or `nil` when the type is not
    /// multipart or has none.
    public static func boundary(ofContentType contentType: String) -> String? {
        let items = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let type = items.first, type.lowercased().hasPrefix("multipart/") else { return nil }
        for item in items.dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            var value = String(pair[1])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty || value.count > 200 ? nil : value
        }
        return nil
    }

    /// The parts of `body`, delimited by `boundary`.
    public static func parts(of body: Data, boundary: String) throws(MultipartError) -> [MultipartPart] {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        var positions: [Int] = []
        var searchFrom = 0
        while let found = find(delimiter, in: bytes, from: searchFrom) {
            positions.append(found)
            searchFrom = found + delimiter.count
        }
        guard positions.count >= 2 else { throw .missingBoundary }
        var parts: [MultipartPart] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var contentStart = start + delimiter.count
            if bytes[contentStart..<min(contentStart + 2, bytes.count)].elementsEqual([45, 45]) { break }  // "--": the end
            contentStart = skipLineBreak(in: bytes, at: contentStart)
            var contentEnd = end
            // The line break before a delimiter belongs to the delimiter.
            if contentEnd >= 2, bytes[contentEnd - 2] == 13, bytes[contentEnd - 1] == 10 {
                contentEnd -= 2
            } else if contentEnd >= 1, bytes[contentEnd - 1] == 10 {
                contentEnd -= 1
            }
            guard contentStart <= contentEnd else { throw .malformedPart }
            parts.append(try part(Array(bytes[contentStart..<contentEnd])))
        }
        return parts
    }

    private static func part(_ bytes: [UInt8]) throws(MultipartError) -> MultipartPart {
        let separator: [UInt8] = [13, 10, 13, 10]
        let headerEnd: Int
        let bodyStart: Int
        if let found = find(separator, in: bytes, from: 0) {
            (headerEnd, bodyStart) = (found, found + 4)
        } else if let found = find([10, 10], in: bytes, from: 0) {
            (headerEnd, bodyStart) = (found, found + 2)
        } else if bytes.starts(with: [13, 10]) || bytes.starts(with: [10]) {
            (headerEnd, bodyStart) = (0, bytes.starts(with: [13, 10]) ? 2 : 1)
        } else {
            throw .malformedPart
        }
        var headers: [String: String] = [:]
        let headerText = String(decoding: bytes[..<headerEnd], as: UTF8.self)
        for line in headerText.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { throw .malformedPart }
            headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return MultipartPart(headers: headers, body: Data(bytes[bodyStart...]))
    }

    private static func skipLineBreak(in bytes: [UInt8], at index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }  // transport padding
        if index + 1 < bytes.count, bytes[index] == 13, bytes[index + 1] == 10 { return index + 2 }
        if index < bytes.count, bytes[index] == 10 { return index + 1 }
        return index
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

/// Why a multipart body could not be split.
public enum MultipartError: Error, Equatable, CustomStringConvertible {
    /// The body does not contain the boundary twice.
    case missingBoundary
    /// A part has no blank line after its headers, or a header line without a colon.
    case malformedPart

    public var description: String {
        switch self {
        case .missingBoundary: return "the multipart body does not contain its boundary"
        case .malformedPart: return "a part of the multipart body is malformed"
        }
    }
}
