import Foundation

/// Resolves one setting the way every command does: the flag if given, else the
/// `CHANCERY_*` environment variable, else the default.
enum Setting {
    /// The string value of a setting.
    static func resolve(_ flag: String?, environment name: String, default defaultValue: String) -> String {
        flag ?? value(of: name) ?? defaultValue
    }

    /// The string value of a setting that has no default.
    static func resolve(_ flag: String?, environment name: String) -> String? {
        flag ?? value(of: name)
    }

    /// The integer value of a setting.
    ///
    /// - Throws: A validation error naming the variable when its value is not a number.
    static func resolve(_ flag: Int?, environment name: String, default defaultValue: Int) throws -> Int {
        if let flag { return flag }
        guard let text = value(of: name) else { return defaultValue }
        guard let number = Int(text) else { throw ConfigurationError("\(name)='\(text)' is not a whole number") }
        return number
    }

    /// Whether a yes/no environment variable is set to `1`, `true` or `yes`.
    static func isEnabled(environment name: String) -> Bool {
        guard let text = value(of: name)?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(text)
    }

    private static func value(of name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }
}
