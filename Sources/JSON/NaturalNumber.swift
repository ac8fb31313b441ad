/// A natural number of any size, with the few exact operations ``PowerOfTenTable`` needs to
/// work out its powers of ten: products with a small number, shifts, one kind of division.
struct NaturalNumber: Equatable {
    /// The number's 64-bit words, least significant first, with no leading zero word.
    private(set) var words: [UInt64]

    /// The number `value`.
    init(_ value: UInt64) {
        words = value == 0 ? [] : [value]
    }

    /// 10^exponent.
    static func power(ofTen exponent: Int) -> NaturalNumber {
        precondition(exponent >= 0, "a natural power")
        var power = NaturalNumber(1)
        for _ in 0..<exponent { power.multiply(by: 10) }
        return power
    }

    /// ⌊2^exponent / divisor⌋ for a divisor greater than one that is not a power of two, by
    /// long division one bit at a time from the first bit of the quotient.
    static func quotient(ofPowerOfTwo exponent: Int, dividedBy divisor: NaturalNumber) -> NaturalNumber {
        let divisorBits = divisor.bitCount
        precondition(divisorBits > 1, "a divisor greater than one")
        guard exponent >= divisorBits else { return NaturalNumber(0) }
        // The dividend's bits down to its (divisorBits - 1)-th from the top are less than the
        // divisor together: they leave 2^(divisorBits - 1) over and no bit of the quotient.
        var remainder = NaturalNumber(1).shiftedLeft(by: divisorBits - 1)
        var quotient = NaturalNumber(0)
        for _ in 0...(exponent - divisorBits) {
            remainder.multiply(by: 2)
            quotient.multiply(by: 2)
            if remainder >= divisor {
                remainder.subtract(divisor)
                quotient.add(1)
            }
        }
        return quotient
    }

    /// How many bits the number takes (zero for zero).
    var bitCount: Int {
        guard let top = words.last else { return 0 }
        return words.count * 64 - top.leadingZeroBitCount
    }

    /// The `count` bits (at most 64) from bit `start` on, as a number.
    func bits(from start: Int, count: Int) -> UInt64 {
        precondition(count > 0 && count <= 64, "up to 64 bits")
        let shifted = shiftedRight(by: start)
        let value = shifted.words.first ?? 0
        return count == 64 ? value : value & ((1 << UInt64(count)) - 1)
    }

    /// Multiplies the number by `factor`.
    mutating func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for index in words.indices {
            let (high, low) = words[index].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            words[index] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { words.append(carry) }
        normalize()
    }

    /// Adds `value` to the number.
    mutating func add(_ value: UInt64) {
        var carry = value
        var index = 0
        while carry != 0 {
            if index == words.count {
                words.append(carry)
                return
            }
            let (sum, overflow) = words[index].addingReportingOverflow(carry)
            words[index] = sum
            carry = overflow ? 1 : 0
            index += 1
        }
    }

    /// Subtracts `other`, which must not be greater, from the number.
    mutating func subtract(_ other: NaturalNumber) {
        precondition(self >= other, "a natural difference")
        var borrow = false
        for index in words.indices {
            let subtrahend = index < other.words.count ? other.words[index] : 0
            let (first, overflowFirst) = words[index].subtractingReportingOverflow(subtrahend)
            let (second, overflowSecond) = first.subtractingReportingOverflow(borrow ? 1 : 0)
            words[index] = second
            borrow = overflowFirst || overflowSecond
        }
        normalize()
    }

    /// The number times 2^count.
    func shiftedLeft(by count: Int) -> NaturalNumber {
        precondition(count >= 0, "a shift by a natural count")
        guard !words.isEmpty else { return self }
        let wordShift = count / 64
        let bitShift = UInt64(count % 64)
        var shifted = [UInt64](repeating: 0, count: wordShift)
        var carry: UInt64 = 0
        for word in words {
            shifted.append(bitShift == 0 ? word : (word << bitShift) | carry)
            carry = bitShift == 0 ? 0 : word >> (64 - bitShift)
        }
        if carry != 0 { shifted.append(carry) }
        var result = NaturalNumber(0)
        result.words = shifted
        return result
    }

    /// ⌊the number / 2^count⌋.
    func shiftedRight(by count: Int) -> NaturalNumber {
        precondition(count >= 0, "a shift by a natural count")
        let wordShift = count / 64
        let bitShift = UInt64(count % 64)
        guard wordShift < words.count else { return NaturalNumber(0) }
        var shifted: [UInt64] = []
        for index in wordShift..<words.count {
            let next = index + 1 < words.count ? words[index + 1] : 0
            shifted.append(bitShift == 0 ? words[index] : (words[index] >> bitShift) | (next << (64 - bitShift)))
        }
        var result = NaturalNumber(0)
        result.words = shifted
        result.normalize()
        return result
    }

    /// Drops leading zero words.
    private mutating func normalize() {
        while words.last == 0 { words.removeLast() }
    }
}

extension NaturalNumber: Comparable {
    /// Whether `left` is less than `right`.
    static func < (left: NaturalNumber, right: NaturalNumber) -> Bool {
        if left.words.count != right.words.count { return left.words.count < right.words.count }
        for index in left.words.indices.reversed() where left.words[index] != right.words[index] {
            return left.words[index] < right.words[index]
        }
        return false
    }
}
