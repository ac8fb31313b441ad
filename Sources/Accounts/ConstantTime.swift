/// Comparison whose duration does not depend on where two secrets differ, so that an
/// attacker timing the answers learns nothing about a stored hash.
public enum ConstantTime {
    /// Whether `a` and `b` are the same bytes; the time depends only on their lengths.
    public static func equal(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices {
            difference |= left[index] ^ right[index]
        }
        return difference == 0
    }
}
