/// Why ``Inflater`` stopped before the end of the final block.
enum InflateError: Error {
    /// The input ended in the middle of a block.
    case truncated
    /// The input is not valid deflate data.
    case corrupt(String)
    /// The output would exceed the caller's limit.
    case outputTooLarge
}
