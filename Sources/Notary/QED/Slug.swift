/// Public identifiers of reports and their files: 10 random characters from [0-9A-Za-z],
/// about 59 bits, so identifiers are unguessable and collisions negligible.
enum Slug {
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in alphabet.randomElement(using: &generator)! })
    }
}
