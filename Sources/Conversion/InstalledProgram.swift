import Foundation

/// Finds the external programs conversions run: in the directories of `PATH`, then at the
/// places their packages install them.
public enum InstalledProgram {
    /// The first executable `name` in the directories of `searchPath` (a `PATH` value), else
    /// the first executable of `knownPlaces`; `nil` when there is none.
    public static func path(
        of name: String, searchPath: String? = ProcessInfo.processInfo.environment["PATH"], knownPlaces: [String] = []
    ) -> String? {
        let onPath = (searchPath ?? "").split(separator: ":").map { "\($0)/\(name)" }
        return (onPath + knownPlaces).first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
