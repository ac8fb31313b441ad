/// A setting whose value, from a flag or a `CHANCERY_*` variable, cannot be used.
///
/// Unlike ArgumentParser's `ValidationError` it prints no usage text: the command line was
/// well formed, the value was not.
struct ConfigurationError: Error, CustomStringConvertible {
    /// What is wrong, for the operator.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
