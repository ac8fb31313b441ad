import Foundation

/// A server version such as `1.10.2-beta+42`, compared by semantic versioning's precedence
/// (build metadata ignored).
public struct IntdashVersion: Sendable, Hashable, Comparable {
    /// The version as the server wrote it.
    public var value: String
    /// The major number.
    public var major: Int?
    /// The minor number.
    public var minor: Int?
    /// The patch number.
    public var patch: Int?
    /// What follows `-`, such as `beta`.
    public var preRelease: String?
    /// What follows `+`.
    public var build: String?

    /// Reads `string`; an optional `v` prefix is allowed.
    public init(string: String) {
        value = string
        var rest = Substring(string.hasPrefix("v") ? String(string.dropFirst()) : string)
        if let plus = rest.firstIndex(of: "+") {
            build = String(rest[rest.index(after: plus)...])
            rest = rest[..<plus]
        }
        if let dash = rest.firstIndex(of: "-") {
            preRelease = String(rest[rest.index(after: dash)...])
            rest = rest[..<dash]
        }
        let numbers = rest.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        major = numbers.first ?? nil
        minor = numbers.count > 1 ? numbers[1] : nil
        patch = numbers.count > 2 ? numbers[2] : nil
    }

    /// Equal when the numbers and pre-release are.
    public static func == (lhs: IntdashVersion, rhs: IntdashVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(major ?? 0)
        hasher.combine(minor ?? 0)
        hasher.combine(patch ?? 0)
        hasher.combine(preRelease)
    }

    /// Whether `lhs` precedes `rhs`: by major, minor, patch, then a pre-release before none.
    public static func < (lhs: IntdashVersion, rhs: IntdashVersion) -> Bool {
        let left = [lhs.major ?? 0, lhs.minor ?? 0, lhs.patch ?? 0]
        let right = [rhs.major ?? 0, rhs.minor ?? 0, rhs.patch ?? 0]
        if left != right { return left.lexicographicallyPrecedes(right) }
        switch (lhs.preRelease, rhs.preRelease) {
        case (nil, _): return false
        case (.some, nil): return true
        case (.some(let a), .some(let b)): return a.compare(b, options: .numeric) == .orderedAscending
        }
    }
}
