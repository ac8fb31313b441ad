/// Public identifiers of reports and their files: 10 random characters from [0-9A-Za-z],
/// about 59 bits, so identifiers are unguessable and collisions negligible.
enum Slug {
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    private static let length = 10
    /// How many slugs there are: 62^10, which fits in 64 bits.
    private static let count = (0..<length).reduce(UInt64(1)) { product, _ in product * UInt64(alphabet.count) }

    /// A slug drawn uniformly from all 62^10, from one random number (one system call rather
    /// than one per character), written as its base-62 digits.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var number = UInt64.random(in: 0..<count, using: &generator)
        return String(unsafeUninitializedCapacity: length) { characters in
            for position in 0..<length {
                characters[position] = alphabet[Int(number % UInt64(alphabet.count))]
                number /= UInt64(alphabet.count)
            }
            return length
        }
    }
}
