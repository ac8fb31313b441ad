import Foundation

/// A directory that exists for the duration of a closure.
public enum TemporaryDirectory {
    /// Creates an empty directory, runs `body` with its path, and removes it.
    public static func with<Result>(_ body: (String) async throws -> Result) async throws -> Result {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("chancery-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await body(path)
    }
}
