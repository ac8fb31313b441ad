/// Which part of the version number a check-in increases.
public enum VersionIncrement: String, Sendable {
    /// `0.1` → `0.2`.
    case minor
    /// `0.2` → `1.0`.
    case major

    /// Reads `minor` / `major` (any case), and Nuxeo's `MINOR` / `MAJOR` option names;
    /// `nil` for `none` or anything else.
    public init?(option: String) {
        switch option.lowercased() {
        case "minor": self = .minor
        case "major": self = .major
        default: return nil
        }
    }
}
