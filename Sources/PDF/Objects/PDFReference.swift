/// The identity of an indirect object: its object number and generation (ISO 32000-1 §7.3.10).
public struct PDFReference: Hashable, Sendable, CustomStringConvertible {
    /// The object number, 1 or more.
    public let number: Int
    /// The generation number; 0 for every object a writer of this module creates.
    public let generation: Int

    /// Creates a reference to object `number` of generation `generation`.
    public init(number: Int, generation: Int = 0) {
        self.number = number
        self.generation = generation
    }

    /// The reference as PDF writes it, `12 0 R`.
    public var description: String { "\(number) \(generation) R" }
}
