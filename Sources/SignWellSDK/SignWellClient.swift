import Foundation

/// A client of the SignWell API v1.
public struct SignWellClient: Sendable {
}
