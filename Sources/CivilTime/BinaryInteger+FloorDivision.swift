extension BinaryInteger {
    /// The quotient of `self / divisor` rounded towards negative infinity, and the remainder
    /// that goes with it, which has the sign of `divisor`: -7 divided by 3 is -3 remainder 2.
    /// Splitting a count of days, seconds or months that may be negative into whole units and
    /// what is left of them.
    @inlinable public func dividedRoundingDown(by divisor: Self) -> (quotient: Self, remainder: Self) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        guard remainder != 0, (remainder < 0) != (divisor < 0) else { return (quotient, remainder) }
        return (quotient - 1, remainder + divisor)
    }
}
